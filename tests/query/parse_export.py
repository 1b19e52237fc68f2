#!/usr/bin/python3
"""Reads an export of `anthology export` with a real parser from Debian and prints what it found as JSON,
for tests/query/export_exchange_test.cpp to check against the corpus.

  parse_export.py rdf FORMAT FILE            -> [[subject, predicate, object], ...] (rdflib; FORMAT turtle or json-ld)
  parse_export.py same FILE1 FMT1 FILE2 FMT2 -> true when the two graphs are isomorphic
  parse_export.py bibtex FILE                -> the entries as bibtexparser reads them
Literals are printed as their text, IRIs as IRIs, blank nodes as "_:" and their label.
"""
import json
import sys


def rdf_graph(fmt, path):
    import rdflib
    g = rdflib.Graph()
    with open(path, encoding="utf-8") as f:
        g.parse(data=f.read(), format=fmt)
    return g


def term(t):
    import rdflib
    if isinstance(t, rdflib.BNode):
        return "_:" + str(t)
    return str(t)


def main(argv):
    if argv[1] == "rdf":
        g = rdf_graph(argv[2], argv[3])
        print(json.dumps(sorted([term(s), term(p), term(o)] for s, p, o in g), ensure_ascii=False))
    elif argv[1] == "same":
        from rdflib.compare import isomorphic
        print(json.dumps(isomorphic(rdf_graph(argv[3], argv[2]), rdf_graph(argv[5], argv[4]))))
    elif argv[1] == "bibtex":
        import bibtexparser
        from bibtexparser.bparser import BibTexParser
        with open(argv[2], encoding="utf-8") as f:
            db = bibtexparser.load(f, parser=BibTexParser(common_strings=True))
        print(json.dumps(db.entries, ensure_ascii=False))
    else:
        sys.exit("unknown mode " + argv[1])


main(sys.argv)
