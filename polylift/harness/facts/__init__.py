"""What the lift did to a kernel (launches, loops left, flops, ULP bounds), the exact inputs
its launches call for, and the manifest in which the build stage records it for the later
stages.
"""
