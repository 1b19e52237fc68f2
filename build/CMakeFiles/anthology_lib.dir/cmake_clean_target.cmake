file(REMOVE_RECURSE
  "libanthology_lib.a"
)
