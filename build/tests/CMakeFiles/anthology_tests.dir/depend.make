# Empty dependencies file for anthology_tests.
# This may be replaced when dependencies are built.
