# Empty dependencies file for anthology_lib.
# This may be replaced when dependencies are built.
