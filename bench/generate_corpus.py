#!/usr/bin/env python3
"""Deterministic synthetic anthology corpus for the benchmarks.

    bench/generate_corpus.py N [--seed S] [--out DIR]

writes N notes in the note format of shared/spec/format.md into DIR (default bench/out/corpus-N/):
40% LIT, 25% NOTE, 20% SOTA, 5% THEORY, 10% TERM, each with frontmatter and a 300-600 word body
(headings, lists, now and then a table, code spans and code blocks), wikilinks in all three forms
([[id]], [[id|text]], [[id#heading]], and by title for glossary terms), Dataview inline fields, every
typed relation, and glossary terms used in the prose.

The graph is built so that the linter finds few problems: `cites` and `supersedes` point only to
earlier papers (no P004, no P006), `read_as` equals the readings exactly (P003), every paper linked to a
practice is at least as recent as its origin (P001), no reading declines the origin of a practice
introduced by its own paper (P002), contesters are not older than what they contest (P005), adopted
practices are not contested (P007), candidates carry `promote_when` (P008), and retracted papers and
refuted theories are never used as evidence (P009, P013). A few deliberate findings stay: about one
note in 500 has a broken wikilink (R002, a warning), and info-level P010/P011/P012 happen naturally.

Python 3 standard library only. The same N and seed give a byte-identical corpus (the script prints a
SHA-256 digest over all paths and bytes, in path order, to check it). The output folder is emptied
first, except that nothing outside it is touched.
"""

import argparse
import bisect
import hashlib
import os
import random
import re
import shutil
import sys

# --------------------------------------------------------------------------------------------------
# Vocabulary

ADJ = """adaptive auxiliary bidirectional causal compressed conditional contrastive convolutional
cross-lingual decoupled deep dense dilated discrete distilled dynamic efficient empirical
gated generative global grouped hierarchical implicit instruction-tuned interleaved invariant
latent layer-wise learned linear local low-rank masked multi-head multilingual multimodal
multiplicative nested noisy normalized orthogonal overparameterized parallel pretrained
probabilistic quantized recurrent regularized residual robust rotary scalable self-supervised
shallow sparse spectral stable stochastic structured supervised synthetic truncated unbiased
variational weighted zero-shot few-shot long-context mixed-precision""".split()

NOUN = """activation adapter alignment attention autoencoder backbone batch benchmark bias
bottleneck calibration checkpoint classifier clipping codebook compression convergence corpus
curriculum decoder dropout embedding encoder ensemble entropy estimator expert feature
gradient head initialization kernel label layer logit loss manifold memory mixture momentum
network normalization objective optimizer perplexity policy pooling posterior prior
projection prompt quantization query reward router sampler scaling schedule softmax
sparsity spectrum stability temperature tokenizer trajectory transformer variance vocabulary
warmup weight distillation pretraining retrieval rollout divergence collapse""".split()

VERB = """improves stabilizes reduces bounds controls predicts explains degrades accelerates
regularizes dominates saturates recovers matches outperforms tracks limits amplifies
suppresses preserves transfers generalizes collapses diverges""".split()

ADV = """consistently sharply slightly reliably empirically provably rarely often
substantially marginally early late jointly""".split()

FUNC = """the the the a an this each every its their our""".split()

PREP = """of in for under across with without over between after before during beyond""".split()

CONNECT = ["However,", "In practice,", "Empirically,", "At scale,", "By contrast,", "In particular,",
           "As a result,", "Notably,", "In the ablations,", "Under the same budget,", "Surprisingly,",
           "For small models,", "On the long-context tasks,", "Taken together,"]

PHRASES = ["entropy collapse", "loss spikes", "training instability", "attention logits",
           "learning rate warmup", "weight decay", "gradient norm", "mixed precision",
           "layer normalization", "residual stream", "scaling law", "compute budget",
           "sequence length", "model width", "batch size", "the optimizer state",
           "the key projection", "the query projection", "the output softmax",
           "the largest singular value", "the validation loss", "the pretraining corpus"]

NUMS = ["0.1", "0.01", "1e-4", "3e-4", "1e-5", "0.9", "0.95", "0.999", "2x", "4x", "8B", "22B",
        "1.3B", "70B", "128", "4096", "32k", "0.5 points", "3%", "12%", "1.7 nats"]

SURNAMES = """Vaswani Shazeer Parmar Uszkoreit Jones Gomez Kaiser Polosukhin Dehghani Djolonga Mustafa
Padlewski Heek Gilmer Steiner Caron Geirhos Houlsby Zhai Likhomanenko Littwin Busbridge Ramapuram
Zhang Sennrich Ba Kiros Hinton Henry Dachapally Pawar Chen Wortsman Liu Xiong Yang He Ren Sun Kingma
Welling Goodfellow Bengio Courville LeCun Sutskever Vinyals Le Chowdhery Narang Devlin Chang Lee
Toutanova Radford Wu Child Luan Amodei Brown Mann Ryder Kaplan McCandlish Henighan Hoffmann Borgeaud
Mensch Sifre Rae Touvron Lavril Izacard Martinet Lample Zoph Bello Kumar Du Huang Dean Fedus Raffel
Roberts Shleifer Press Smith Lewis Ott Goyal Joshi Stoyanov Clark Manning Khandelwal Wang Gao Xu
Zhao Zhou Lin Guo Tay Bahri Metzler Ainslie Ontanon Alberti Beltagy Peters Cohan Kitaev Levskaya Dao
Fu Ermon Rudra Re Gu Goel Hestness Dettmers Pagnoni Holtzman Zettlemoyer Frankle Carbin Nakkiran
Kaplun Bansal Barak Power Burda Edwards Babuschkin Misra Keskar Socher Loshchilov Hutter Su Lu Pan
Murtadha Wen Tillet Kwon Sheng Zheng Stoica Gonzalez Ho Jain Abbeel Song Nichol Dhariwal Rombach
Esser Ommer Peebles Xie Karras Aittala Laine Team Groeneveld Beltagy Walsh Bai Qwen Riviere""".split()

VENUES = ["NeurIPS", "ICML", "ICLR", "ACL", "EMNLP", "NAACL", "CVPR", "ICCV", "TMLR", "JMLR",
          "COLM", "AAAI", "Findings of EMNLP", "arXiv preprint"]

TAGS = """model-stability attention-techniques model-architecture optimization normalization
language-models vision-transformers mixture-of-experts scaling-laws efficiency quantization
long-context positional-encoding regularization initialization training-dynamics evaluation
distillation retrieval alignment reinforcement-learning diffusion-models tokenization
data-curation interpretability sparsity hardware-aware multimodal speech theory""".split()

KERNELS = ["sdpa_scale", "qk_norm", "qk_norm.rmsnorm", "qk_norm.l2", "rmsnorm", "sigma_reparam",
           "entropy_bound", "qk_clip", "z_loss", "parallel_block", "primer_ez"]

# Real glossary entries first (title, aliases); the rest are adjective-noun compounds.
CURATED_TERMS = [
    ("attention entropy", ["entropy collapse", "attention entropy collapse"]),
    ("QK-norm", ["QK normalization", "query-key normalization"]),
    ("z-loss", ["router z-loss"]),
    ("softmax", ["softmax function"]),
    ("RMSNorm", ["RMS normalization"]),
    ("layer normalization", ["LayerNorm"]),
    ("training instability", ["unstable training"]),
    ("loss spike", ["loss spikes"]),
    ("spectral norm", ["largest singular value"]),
    ("scaled dot-product attention", ["dot-product attention"]),
    ("query-key-value", ["QKV"]),
    ("mixture of experts", ["MoE"]),
    ("learning rate warmup", ["warmup"]),
    ("weight decay", ["decoupled weight decay"]),
    ("gradient clipping", ["clipping the gradient norm"]),
    ("rotary position embedding", ["RoPE"]),
    ("key-value cache", ["KV cache"]),
    ("grouped-query attention", ["GQA"]),
    ("flash attention", ["IO-aware attention"]),
    ("scaling law", ["scaling laws"]),
]

SOTA_VERBS = ["Normalize", "Clip", "Scale", "Bound", "Warm up", "Decay", "Regularize", "Share",
              "Freeze", "Tie", "Initialize", "Reparameterize", "Anneal", "Monitor", "Cap", "Fuse",
              "Drop", "Route", "Penalize", "Average", "Prune", "Quantize", "Distill", "Shard"]

KIND_SHARES = [("LIT", 0.40), ("NOTE", 0.25), ("SOTA", 0.20), ("THEORY", 0.05)]  # TERM: the rest


# --------------------------------------------------------------------------------------------------
# Small helpers

_A_AN = re.compile(r"\b([Aa])n? (?=(\w))")


def fix_articles(text):
    """'a' before a consonant, 'an' before a vowel."""
    return _A_AN.sub(lambda m: m.group(1) + ("n " if m.group(2) in "aeiouAEIOU" else " "), text)


def plural(noun):
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def base_verb(v):
    """'matches' -> 'match', 'reduces' -> 'reduce'."""
    if v.endswith(("ches", "shes", "xes", "sses")):
        return v[:-2]
    return v[:-1]


def yaml_str(s):
    """A YAML scalar: bare when safe, double-quoted otherwise."""
    special = set(':#[]{},&*!|>\'"%@`')
    if (not s or any(c in special for c in s) or s[0] in "-?" or s != s.strip()
            or s.lower() in ("yes", "no", "true", "false", "null", "on", "off", "~")
            or s.replace(".", "", 1).replace("e", "", 1).replace("-", "", 1).isdigit()):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return s


class Gen:
    def __init__(self, n, seed):
        self.n = n
        self.seed = seed
        self.rng = random.Random(f"anthology-bench/{seed}/{n}")
        self.plan()

    # ---------------------------------------------------------------------------------------------
    # The graph, decided before any text is written.

    def plan(self):
        r = self.rng
        n = self.n
        counts = {}
        used = 0
        for kind, share in KIND_SHARES:
            counts[kind] = max(1, round(n * share))
            used += counts[kind]
        counts["TERM"] = max(1, n - used)
        self.counts = counts
        nl, nn, ns, nt, ng = counts["LIT"], counts["NOTE"], counts["SOTA"], counts["THEORY"], counts["TERM"]

        def idfmt(prefix, count):
            width = max(3, len(str(count)))
            return [f"{prefix}-{i + 1:0{width}d}" for i in range(count)]

        self.lit_ids = idfmt("LIT", nl)
        self.note_ids = idfmt("NOTE", nn)
        self.sota_ids = idfmt("SOTA", ns)
        self.theory_ids = idfmt("THEORY", nt)

        # LIT: index order is chronological (non-decreasing year), 2000..2025.
        self.lit_year = [2000 + (i * 26) // nl for i in range(nl)]
        self.lit_status = ["active"] * nl
        self.lit_supersedes = [None] * nl
        for i in range(1, nl):
            if r.random() < 0.02:
                j = r.randrange(0, i)
                if self.lit_status[j] == "active" and self.lit_supersedes[j] is None:
                    self.lit_supersedes[i] = j
                    self.lit_status[j] = "superseded"
        for i in range(nl):
            if self.lit_status[i] == "active" and self.lit_supersedes[i] is None and r.random() < 0.003:
                self.lit_status[i] = "retracted"
        self.lit_authors = []
        for i in range(nl):
            k = min(12, max(1, int(r.expovariate(1 / 4.0)) + 1))
            self.lit_authors.append(r.sample(SURNAMES, k))
        self.lit_title = [self.paper_title() for _ in range(nl)]

        # TERM slugs and titles, unique, not shaped like another kind's id.
        terms = list(CURATED_TERMS)
        seen = set()
        for t, al in terms:
            seen.add(t.lower())
            seen.update(a.lower() for a in al)
        combos = [f"{a} {b}" for a in ADJ for b in NOUN]
        r.shuffle(combos)
        k = 0
        while len(terms) < ng:
            if k < len(combos):
                t = combos[k]
            else:
                t = f"{r.choice(ADJ)} {r.choice(NOUN)} {r.choice(NOUN)}"
            k += 1
            if t.lower() in seen:
                continue
            seen.add(t.lower())
            aliases = []
            if r.random() < 0.3:
                a = plural(t)
                if a.lower() not in seen:
                    seen.add(a.lower())
                    aliases.append(a)
            terms.append((t, aliases))
        terms = terms[:ng]
        self.term_title = [t for t, _ in terms]
        self.term_aliases = [al for _, al in terms]
        slugs = []
        slug_seen = set()
        for t in self.term_title:
            s = "".join(c if c.isalnum() else "-" for c in t.lower())
            s = "-".join(p for p in s.split("-") if p)
            base = s
            j = 2
            while s in slug_seen:
                s = f"{base}-{j}"
                j += 1
            slug_seen.add(s)
            slugs.append(s)
        self.term_ids = slugs

        # SOTA: each has an origin paper k (never retracted); its evidence is at least as recent.
        self.sota_intro = [self.lit_not_retracted(r.randrange(0, nl)) for _ in range(ns)]
        self.sota_by_intro = sorted(range(ns), key=lambda s: (self.sota_intro[s], s))
        self.sota_intro_sorted = [self.sota_intro[s] for s in self.sota_by_intro]
        self.sota_status = []
        for _ in range(ns):
            x = r.random()
            self.sota_status.append("adopted" if x < 0.55 else "candidate" if x < 0.75
                                    else "contested" if x < 0.90 else "retired")
        self.sota_title = [self.practice_title() for _ in range(ns)]

        # NOTE: half read a practice's origin paper (keeps P011 rare), the rest any paper.
        self.note_paper = []
        for _ in range(nn):
            if r.random() < 0.5:
                p = self.sota_intro[r.randrange(ns)]
            else:
                p = r.randrange(nl)
            self.note_paper.append(p)
        self.readings = [[] for _ in range(nl)]
        for i, p in enumerate(self.note_paper):
            self.readings[p].append(i)
        self.notes_by_paper = sorted(range(nn), key=lambda i: (self.note_paper[i], i))
        self.notes_paper_sorted = [self.note_paper[i] for i in self.notes_by_paper]

        # THEORY: sources, its year is the earliest source's.
        self.theory_sources = []
        self.theory_status = []
        for _ in range(nt):
            base = r.randrange(nl)
            srcs = sorted({self.lit_not_retracted(j) for j in
                           [base] + [min(nl - 1, base + r.randrange(0, max(1, nl // 20))) for _ in range(r.randint(0, 2))]})
            self.theory_sources.append(srcs)
            x = r.random()
            self.theory_status.append("proved" if x < 0.6 else "conjectured" if x < 0.9 else "refuted")
        self.theory_min = [min(s) for s in self.theory_sources]  # earliest source index
        self.theory_by_min = sorted(range(nt), key=lambda t: (self.theory_min[t], t))
        self.theory_min_sorted = [self.theory_min[t] for t in self.theory_by_min]
        self.theory_title = [self.theory_statement() for _ in range(nt)]

    def lit_not_retracted(self, i):
        nl = len(self.lit_ids)
        while self.lit_status[i] == "retracted":
            i = (i + 1) % nl
        return i

    # Sampling under the chronology constraints -------------------------------------------------

    def lit_from(self, k):
        """A non-retracted LIT at index >= k (so year >= year of k)."""
        nl = len(self.lit_ids)
        for _ in range(20):
            i = self.rng.randrange(k, nl)
            if self.lit_status[i] != "retracted":
                return i
        return k

    def lit_before(self, i):
        """An earlier LIT (index < i), or None."""
        return self.rng.randrange(0, i) if i > 0 else None

    def sota_upto(self, i):
        """A SOTA whose origin paper index is <= i, or None."""
        end = bisect.bisect_right(self.sota_intro_sorted, i)
        return self.sota_by_intro[self.rng.randrange(end)] if end else None

    def note_from(self, k):
        """A NOTE whose paper index is >= k, or None."""
        start = bisect.bisect_left(self.notes_paper_sorted, k)
        n = len(self.notes_by_paper)
        return self.notes_by_paper[self.rng.randrange(start, n)] if start < n else None

    def theory_from(self, k, evidence=False):
        """A THEORY whose earliest source index is >= k (not refuted when used as evidence), or None."""
        start = bisect.bisect_left(self.theory_min_sorted, k)
        n = len(self.theory_by_min)
        if start >= n:
            return None
        for _ in range(8):
            t = self.theory_by_min[self.rng.randrange(start, n)]
            if not evidence or self.theory_status[t] != "refuted":
                return t
        return None

    def term(self):
        return self.rng.randrange(len(self.term_ids))

    # ---------------------------------------------------------------------------------------------
    # Text

    def paper_title(self):
        r = self.rng
        pats = [
            lambda: f"{ADJ_T()} {NOUN_T()} for {ADJ_T()} {plural(NOUN_T())}",
            lambda: f"On the {NOUN_T()} of {ADJ_T()} {plural(NOUN_T())}",
            lambda: f"{NOUN_T()}-{NOUN_T()}: {ADJ_T()} {NOUN_T()} at Scale",
            lambda: f"Scaling {ADJ_T()} {plural(NOUN_T())} to {r.choice(['1B', '8B', '22B', '70B', '540B'])} Parameters",
            lambda: f"Why {ADJ_T()} {plural(NOUN_T())} {base_verb(r.choice(VERB))} {ADJ_T()} {NOUN_T()}",
            lambda: f"{ADJ_T()} {NOUN_T()} Is All You Need",
            lambda: f"Understanding {NOUN_T()} {NOUN_T()} in {ADJ_T()} Transformers",
        ]
        ADJ_T = lambda: r.choice(ADJ).capitalize()
        NOUN_T = lambda: r.choice(NOUN).capitalize()
        return r.choice(pats)()

    def practice_title(self):
        r = self.rng
        v = r.choice(SOTA_VERBS)
        return (f"{v} the {r.choice(NOUN)} {r.choice(PREP)} {r.choice(['the', 'each', 'every'])} "
                f"{r.choice(ADJ)} {r.choice(NOUN)}")

    def theory_statement(self):
        r = self.rng
        return (f"Under {r.choice(ADJ)} {r.choice(NOUN)}, the {r.choice(NOUN)} of {r.choice(ADJ)} "
                f"{plural(r.choice(NOUN))} is bounded by {r.choice(['O(1/sqrt(d))', 'log T', 'the spectral norm', 'a constant', 'O(d^2)'])}")

    def sentence(self, terms_out=None):
        """One sentence of 8-22 words of plausible ML prose."""
        r = self.rng
        w = []
        if r.random() < 0.2:
            w.append(r.choice(CONNECT))
        w += [r.choice(FUNC), r.choice(ADJ), r.choice(NOUN)]
        if r.random() < 0.5:
            w += [r.choice(PREP), r.choice(FUNC), r.choice(NOUN)]
        if r.random() < 0.3:
            w.append(r.choice(ADV))
        w.append(r.choice(VERB))
        if r.random() < 0.35:
            w.append(r.choice(PHRASES))
        else:
            w += [r.choice(FUNC), r.choice(ADJ), r.choice(NOUN)]
        if r.random() < 0.5:
            w += [r.choice(PREP), r.choice(ADJ), r.choice(NOUN)]
        if r.random() < 0.15:
            w += ["by", r.choice(NUMS)]
        if r.random() < 0.1:
            w += ["(see", "`" + r.choice(["lr", "beta2", "eps", "z_loss", "qk_norm", "d_k", "tau", "grad_clip"]) + "`)"]
        w[0] = w[0][0].upper() + w[0][1:]  # after a connective the article stays lower case
        return " ".join(w) + "."

    def paragraph(self, words, links=()):
        """About `words` words of prose, with the given link strings and 0-2 glossary terms placed in it."""
        r = self.rng
        sents = []
        count = 0
        while count < words:
            s = self.sentence()
            sents.append(s)
            count += s.count(" ") + 1
        # glossary terms used in prose (linked by the glossary pass, not by the author)
        for _ in range(r.choice((0, 1, 1, 2))):
            t = self.term()
            title = self.term_title[t] if not self.term_aliases[t] or r.random() < 0.7 else r.choice(self.term_aliases[t])
            i = r.randrange(len(sents))
            sents[i] = sents[i][:-1] + f", as with {title}."
        for link in links:
            i = r.randrange(len(sents))
            sents[i] = sents[i][:-1] + f" ({link})."
        return fix_articles(" ".join(sents))

    def bullets(self, n, words, links=()):
        r = self.rng
        items = []
        links = list(links)
        for j in range(n):
            lead = f"**{r.choice(ADJ).capitalize()} {r.choice(NOUN)}.**"
            mine = links[j::n] if links else []
            items.append(f"- {lead} {self.paragraph(words, mine)}")
        return "\n".join(items)

    def table(self):
        r = self.rng
        cols = r.choice([["model", "params", "loss", "note"], ["setting", "baseline", "with the fix", "delta"],
                         ["method", "tokens", "accuracy"]])
        rows = ["| " + " | ".join(cols) + " |", "| " + " | ".join("---" for _ in cols) + " |"]
        for _ in range(r.randint(3, 6)):
            cells = []
            for c in cols:
                if c in ("model", "method", "setting"):
                    cells.append(f"{r.choice(ADJ)} {r.choice(NOUN)}")
                elif c == "note":
                    cells.append(r.choice(["diverged", "stable", "spiked twice", "matched", "n/a"]))
                else:
                    cells.append(f"{r.uniform(0.5, 80):.2f}")
            rows.append("| " + " | ".join(cells) + " |")
        return "\n".join(rows)

    def code_block(self, link_text):
        r = self.rng
        name = r.choice(["logits", "scores", "attn", "h", "x"])
        lines = [
            "```python",
            f"# the form in the paper; {link_text} inside code is text, not a link",
            f"q = norm(x @ W_q)  # {r.choice(ADJ)} {r.choice(NOUN)}",
            "k = norm(x @ W_k)",
            f"{name} = (q @ k.T) / math.sqrt(d_k)",
            f"loss = ce + {r.choice(['1e-4', '1e-3', '0.01'])} * logsumexp({name}) ** 2",
            "source:: not a field inside code",
            "```",
        ]
        return "\n".join(lines)

    def link(self, target, text=None, heading=None):
        if text is not None:
            return f"[[{target}|{text}]]"
        if heading is not None:
            return f"[[{target}#{heading}]]"
        return f"[[{target}]]"

    def lit_link(self, i):
        r = self.rng
        x = r.random()
        if x < 0.6:
            return self.link(self.lit_ids[i])
        if x < 0.85:
            a = self.lit_authors[i]
            who = a[0] if len(a) == 1 else f"{a[0]} and {a[1]}" if len(a) == 2 else f"{a[0]} et al."
            return self.link(self.lit_ids[i], text=f"{who} ({self.lit_year[i]})")
        return self.link(self.lit_ids[i], heading="Key takeaways")

    def term_link(self, t):
        r = self.rng
        x = r.random()
        if x < 0.5:
            return self.link(self.term_ids[t])
        if x < 0.8:
            return self.link(self.term_title[t])  # resolved by title
        return self.link(self.term_ids[t], text=self.term_title[t])

    def maybe_broken(self, out):
        if self.rng.random() < 0.002:
            out.append(f"[[Unwritten survey of {self.rng.choice(ADJ)} {self.rng.choice(NOUN)}]]")

    def fill_body(self, sections, target):
        """Appends prose paragraphs to the last section until the body has about `target` words."""
        body = "\n\n".join(sections)
        words = len(body.split())
        extra = []
        while words < target:
            p = self.paragraph(min(90, max(40, target - words)))
            extra.append(p)
            words += len(p.split())
        return body, extra

    # ---------------------------------------------------------------------------------------------
    # Frontmatter

    def fm_list(self, key, values, wikilink_strings=False):
        r = self.rng
        if not values:
            return []
        vals = [f'"[[{v}]]"' if wikilink_strings else yaml_str(v) for v in values]
        if r.random() < 0.2:
            return [f"{key}:"] + [f"  - {v}" for v in vals]
        return [f"{key}: [{', '.join(vals)}]"]

    def tags(self):
        r = self.rng
        return r.sample(TAGS, r.choice((1, 1, 2, 2, 2, 3)))

    # ---------------------------------------------------------------------------------------------
    # Notes

    def lit(self, i):
        r = self.rng
        nl = len(self.lit_ids)
        fm = ["---", f"id: {self.lit_ids[i]}", f"title: {yaml_str(self.lit_title[i])}"]
        fm += [f"authors: [{', '.join(self.lit_authors[i])}]", f"year: {self.lit_year[i]}"]
        if r.random() < 0.8:
            y = self.lit_year[i] % 100
            fm.append(f'arxiv: "{y:02d}{r.randint(1, 12):02d}.{i % 100000:05d}"')
        if r.random() < 0.5:
            fm.append(f"venue: {yaml_str(r.choice(VENUES) + ' ' + str(self.lit_year[i]))}")
        if r.random() < 0.1:
            fm.append(f'doi: "10.{r.randint(1000, 9999)}/{self.lit_ids[i].lower()}"')
        fm += self.fm_list("tags", self.tags())
        fm.append(f"status: {self.lit_status[i]}")
        if self.lit_supersedes[i] is not None:
            fm.append("version: 2")
            fm.append(f"supersedes: {self.lit_ids[self.lit_supersedes[i]]}")
        cites = sorted({self.lit_before(i) for _ in range(r.randint(0, 8))} - {None}) if i else []
        fm += self.fm_list("cites", [self.lit_ids[j] for j in cites], wikilink_strings=r.random() < 0.1)
        if r.random() < 0.15 and i:
            comp = sorted({self.lit_before(i) for _ in range(r.randint(1, 3))} - {None})
            fm += self.fm_list("compared_against", [self.lit_ids[j] for j in comp])
        if r.random() < 0.05 and i < nl - 1:
            cont = sorted({r.randrange(i + 1, nl) for _ in range(r.randint(1, 2))})
            vals = [self.lit_ids[j] for j in cont]
            t = self.theory_from(i)
            if t is not None and r.random() < 0.3:
                vals.append(self.theory_ids[t])
            fm += self.fm_list("contested_by", vals)
        if self.readings[i] and r.random() < 0.85:
            fm += self.fm_list("read_as", [self.note_ids[n] for n in self.readings[i]])
        fm.append("---")

        target = r.randint(300, 600)
        links_a = [self.lit_link(j) for j in cites[:2]]
        links_b = []
        for _ in range(r.randint(1, 3)):
            s = self.sota_upto(i)
            if s is not None:
                links_b.append(self.link(self.sota_ids[s]))
        if self.readings[i]:
            links_b.append(self.link(self.note_ids[self.readings[i][0]]))
        if r.random() < 0.5:
            links_b.append(self.term_link(self.term()))
        self.maybe_broken(links_b)
        secs = [self.paragraph(r.randint(40, 80), links_a)]
        secs.append("## Key takeaways")
        secs.append(self.bullets(r.randint(3, 5), r.randint(25, 45)))
        if r.random() < 0.15:
            secs.append(self.table())
        if r.random() < 0.08:
            secs.append(self.code_block(f"[[{self.lit_ids[i]}]]"))
        secs.append("## Standing in the anthology")
        secs.append(self.paragraph(r.randint(40, 80), links_b))
        body, extra = self.fill_body(secs, target)
        tail = []
        if cites and r.random() < 0.1 and i > 1:
            j = self.lit_before(i)
            if j not in cites:
                tail.append(f"cites:: [[{self.lit_ids[j]}]]")
        if r.random() < 0.05:
            j = self.lit_before(i) if i else None
            if j is not None and j not in cites:
                # an inline field inside a paragraph, Dataview's bracket form
                extra.append(f"The comparison draws on earlier work [compared_against:: [[{self.lit_ids[j]}]]] "
                             f"and on {r.choice(PHRASES)}.")
        return "\n".join(fm) + "\n" + "\n\n".join([body] + extra + tail) + "\n"

    def note(self, i):
        r = self.rng
        p = self.note_paper[i]
        title = f"{r.choice(['A reading of', 'Notes on', 'What', 'Rereading'])} {self.lit_title[p]}"
        if title.startswith("What"):
            title += " shows"
        fm = ["---", f"id: {self.note_ids[i]}", f"title: {yaml_str(title)}",
              f"paper: {self.lit_ids[p] if r.random() < 0.9 else chr(34) + '[[' + self.lit_ids[p] + ']]' + chr(34)}"]
        x = r.random()
        fm.append(f"status: {'read' if x < 0.7 else 'partial' if x < 0.9 else 'queued'}")
        fm += self.fm_list("tags", self.tags())
        declines = []
        if r.random() < 0.05:
            for _ in range(r.randint(1, 2)):
                s = self.sota_upto(p)
                if s is not None and self.sota_intro[s] != p and s not in declines:
                    declines.append(s)
            fm += self.fm_list("declines_origin_of", [self.sota_ids[s] for s in sorted(declines)])
        fm.append("---")
        target = r.randint(300, 600)
        mentions = []
        for _ in range(r.randint(1, 3)):
            s = self.sota_upto(p)
            if s is not None:
                mentions.append(self.link(self.sota_ids[s]))
        t = self.theory_from(0)
        if t is not None and r.random() < 0.3:
            mentions.append(self.link(self.theory_ids[t]))
        mentions.append(self.term_link(self.term()))
        self.maybe_broken(mentions)
        secs = [self.paragraph(r.randint(30, 60), [self.lit_link(p)])]
        secs.append(r.choice(["## What the reading found", "## Findings", "## What holds up"]))
        secs.append(self.bullets(r.randint(3, 5), r.randint(25, 45), mentions))
        if r.random() < 0.1:
            secs.append(self.code_block(f"[[{self.note_ids[i]}]]"))
        secs.append("## Verdict")
        secs.append(self.paragraph(r.randint(40, 70)))
        body, extra = self.fill_body(secs, target)
        return "\n".join(fm) + "\n" + "\n\n".join([body] + extra) + "\n"

    def sota(self, s):
        r = self.rng
        k = self.sota_intro[s]
        status = self.sota_status[s]
        src = {k} if r.random() < 0.6 else set()
        for _ in range(r.randint(1, 3)):
            src.add(self.lit_from(k))
        src_ids = [self.lit_ids[j] for j in sorted(src)]
        if r.random() < 0.2:
            t = self.theory_from(k, evidence=True)
            if t is not None:
                src_ids.append(self.theory_ids[t])
        fm = ["---", f"id: {self.sota_ids[s]}", f"title: {yaml_str(self.sota_title[s])}"]
        fm += self.fm_list("tags", self.tags())
        fm.append(f"status: {status}")
        if status == "candidate":
            fm.append(f"promote_when: {yaml_str('a replication at ' + r.choice(['1B', '7B', '70B']) + ' parameters shows ' + r.choice(PHRASES) + ' reduced')}")
        fm += self.fm_list("source", src_ids, wikilink_strings=r.random() < 0.1)
        fm.append(f"introduced_by: {self.lit_ids[k]}")
        if status == "contested":
            cont = []
            for _ in range(r.randint(1, 2)):
                x = r.random()
                if x < 0.6:
                    c = self.lit_from(min(k + 1, len(self.lit_ids) - 1))
                    cid = self.lit_ids[c] if c != k else None
                elif x < 0.85:
                    c = self.note_from(k)
                    cid = self.note_ids[c] if c is not None else None
                else:
                    c = self.theory_from(k)
                    cid = self.theory_ids[c] if c is not None else None
                if cid and cid not in cont and cid not in src_ids:
                    cont.append(cid)
            fm += self.fm_list("contested_by", sorted(cont))
        if r.random() < 0.6:
            rel = sorted({r.randrange(len(self.sota_ids)) for _ in range(r.randint(1, 4))} - {s})
            fm += self.fm_list("related", [self.sota_ids[j] for j in rel])
        if r.random() < 0.05:
            fm.append(f"kernel: {r.choice(KERNELS)}")
        fm.append("---")

        target = r.randint(300, 600)
        a = self.lit_authors[k]
        who = f"{a[0]} et al." if len(a) > 2 else " and ".join(a)
        prov = [self.link(self.lit_ids[k], text=f"{who} ({self.lit_year[k]})")]
        adopt = [self.lit_link(self.lit_from(k)) for _ in range(r.randint(1, 3))]
        nt = self.note_from(k)
        if nt is not None and r.random() < 0.4:
            adopt.append(self.link(self.note_ids[nt]))
        adopt.append(self.link(self.sota_ids[r.randrange(len(self.sota_ids))]) if len(self.sota_ids) > 1 else "")
        adopt = [x for x in adopt if x and x != f"[[{self.sota_ids[s]}]]"]
        why = [self.term_link(self.term())]
        self.maybe_broken(why)
        secs = [self.paragraph(r.randint(40, 70))]
        secs.append("## Why it works")
        secs.append(self.paragraph(r.randint(60, 110), why))
        if r.random() < 0.2:
            secs.append(self.table())
        if r.random() < 0.12:
            secs.append(self.code_block(f"[[{self.sota_ids[s]}]]"))
        secs.append("## Provenance")
        secs.append(self.paragraph(r.randint(40, 70), prov))
        secs.append("## Adoption")
        secs.append(self.paragraph(r.randint(40, 80), adopt))
        body, extra = self.fill_body(secs, target)
        tail = []
        if r.random() < 0.3:
            j = self.lit_from(k)
            if self.lit_ids[j] not in src_ids:
                tail.append(f"source:: [[{self.lit_ids[j]}]]")
        return "\n".join(fm) + "\n" + "\n\n".join([body] + extra + tail) + "\n"

    def theory(self, t):
        r = self.rng
        srcs = self.theory_sources[t]
        fm = ["---", f"id: {self.theory_ids[t]}", f"title: {yaml_str(self.theory_title[t])}"]
        fm += self.fm_list("tags", self.tags())
        fm.append(f"status: {self.theory_status[t]}")
        fm += self.fm_list("source", [self.lit_ids[j] for j in srcs])
        if r.random() < 0.1:
            c = self.lit_from(self.theory_min[t])
            if c not in srcs:
                fm += self.fm_list("contested_by", [self.lit_ids[c]])
        if r.random() < 0.05:
            fm.append(f"kernel: {r.choice(['entropy_bound', 'sdpa_scale', 'rmsnorm'])}")
        fm.append("---")
        target = r.randint(300, 600)
        links = [self.lit_link(j) for j in srcs[:2]] + [self.term_link(self.term())]
        s = self.sota_upto(len(self.lit_ids) - 1)
        if s is not None:
            links.append(self.link(self.sota_ids[s]))
        self.maybe_broken(links)
        secs = [self.paragraph(r.randint(40, 80), links[:1])]
        secs.append(f"With `d` the head width and `T` the sequence length, E[q·k] = 0 and Var[q·k] = d; "
                    f"the bound is {r.choice(['tight', 'loose by a constant', 'attained'])} when the "
                    f"{r.choice(NOUN)} is {r.choice(ADJ)}.")
        secs.append("## Proof sketch")
        secs.append(self.paragraph(r.randint(60, 110), links[1:]))
        if r.random() < 0.3:
            secs.append(self.code_block(f"[[{self.theory_ids[t]}]]"))
        secs.append("## What does not follow")
        secs.append(self.paragraph(r.randint(40, 80)))
        body, extra = self.fill_body(secs, target)
        return "\n".join(fm) + "\n" + "\n\n".join([body] + extra) + "\n"

    def term_note(self, t):
        r = self.rng
        title = self.term_title[t]
        fm = ["---", f"id: {self.term_ids[t]}", f"title: {yaml_str(title)}"]
        fm += self.fm_list("aliases", self.term_aliases[t])
        fm += self.fm_list("tags", self.tags())
        fm.append(f"short: {yaml_str('The ' + r.choice(NOUN) + ' of a ' + r.choice(ADJ) + ' ' + r.choice(NOUN) + ': ' + self.sentence()[:-1].lower() + '.')}")
        if r.random() < 0.6:
            fm.append(f"plain: {yaml_str(self.sentence() + ' ' + self.sentence())}")
        nterm = len(self.term_ids)
        if r.random() < 0.7 and nterm > 1:
            rel = sorted({r.randrange(nterm) for _ in range(r.randint(1, 4))} - {t})
            fm += self.fm_list("related", [self.term_ids[j] for j in rel])
        origin = []
        if r.random() < 0.5:
            origin = sorted({r.randrange(len(self.lit_ids)) for _ in range(r.randint(1, 2))})
            fm += self.fm_list("origin", [self.lit_ids[j] for j in origin])
        fm.append("---")
        target = r.randint(300, 450)
        links = [self.term_link(self.term())]
        if r.random() < 0.4:
            links.append(self.link(self.sota_ids[r.randrange(len(self.sota_ids))]))
        self.maybe_broken(links)
        secs = [self.paragraph(r.randint(50, 90), links)]
        secs.append("## Origin")
        secs.append(self.paragraph(r.randint(30, 60), [self.lit_link(j) for j in origin]))
        secs.append("## Sources")
        src_lines = []
        for j in (origin or [r.randrange(len(self.lit_ids))]):
            a = self.lit_authors[j]
            src_lines.append(f"- {', '.join(a[:3])}{' et al.' if len(a) > 3 else ''} ({self.lit_year[j]}). "
                             f"{self.lit_title[j]}.")
        secs.append("\n".join(src_lines))
        body, extra = self.fill_body(secs[:-2] + secs[-2:], target)
        return "\n".join(fm) + "\n" + "\n\n".join([body] + extra) + "\n"

    # ---------------------------------------------------------------------------------------------

    def files(self):
        """(relative path, text) for every file, in a fixed order."""
        yield "anthology.toml", (f'[site]\ntitle = "Synthetic anthology ({self.n} notes, seed {self.seed})"\n')
        for i in range(len(self.lit_ids)):
            yield f"lit/{self.lit_ids[i]}.md", self.lit(i)
        for i in range(len(self.note_ids)):
            yield f"notes/{self.note_ids[i]}.md", self.note(i)
        for i in range(len(self.sota_ids)):
            yield f"sota/{self.sota_ids[i]}.md", self.sota(i)
        for i in range(len(self.theory_ids)):
            yield f"theory/{self.theory_ids[i]}.md", self.theory(i)
        for i in range(len(self.term_ids)):
            yield f"terms/{self.term_ids[i]}.md", self.term_note(i)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, help="number of notes (e.g. 1000, 10000, 100000)")
    ap.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    ap.add_argument("--out", help="output folder (default bench/out/corpus-N)")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    if a.n < 10:
        ap.error("n must be at least 10")
    out = a.out or os.path.join(os.path.dirname(os.path.abspath(__file__)), "out", f"corpus-{a.n}")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    g = Gen(a.n, a.seed)
    digest = hashlib.sha256()
    total_bytes = 0
    total_words = 0
    made_dirs = set()
    entries = g.files()
    written = []
    for rel, text in entries:
        data = text.encode("utf-8")
        d = os.path.dirname(rel)
        if d and d not in made_dirs:
            os.makedirs(os.path.join(out, d), exist_ok=True)
            made_dirs.add(d)
        with open(os.path.join(out, rel), "wb") as f:
            f.write(data)
        written.append((rel, hashlib.sha256(data).hexdigest()))
        total_bytes += len(data)
        if rel.endswith(".md"):
            total_words += len(text.split("\n---\n", 1)[-1].split())
    for rel, h in sorted(written):
        digest.update(f"{rel}\0{h}\n".encode())
    if not a.quiet:
        c = g.counts
        print(f"corpus: {out}", file=sys.stderr)
        print(f"notes: {a.n} (LIT {c['LIT']}, NOTE {c['NOTE']}, SOTA {c['SOTA']}, THEORY {c['THEORY']}, "
              f"TERM {c['TERM']}); {total_bytes / 1e6:.1f} MB; {total_words / max(1, a.n):.0f} body words per note",
              file=sys.stderr)
    print(f"sha256 {digest.hexdigest()}")


if __name__ == "__main__":
    main()
