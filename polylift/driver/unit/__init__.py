"""One translation unit through the driver: gcc's object (or assembly) first, the
functions polylift lifts swapped in after (`compile.py`), lifted by the harness's build
steps (`lift.py`), joined as text for `-S` (`assembly.py`)."""
