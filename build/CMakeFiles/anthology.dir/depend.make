# Empty dependencies file for anthology.
# This may be replaced when dependencies are built.
