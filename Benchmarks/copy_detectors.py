#!/usr/bin/env python3
"""The copy guard's detectors as the rule loader builds them (each rule's tokens in one
expression between word edges, vocabularies expanded, cut into chunks of 16,000 source bytes),
written one a line for Benchmarks/copy-detectors.c: `flat` writes each vocabulary as the flat list
of its terms (the loader before 2026-11-27), `trie` as the loader writes it now.

    python3 Benchmarks/copy_detectors.py flat|trie > detectors.tsv     (prints count and size on stderr)
"""
import yaml, glob, os, re, sys, json
import pathlib
R=str(pathlib.Path(__file__).resolve().parent.parent / 'Sources/CairnCopy')
def esc(w):  # NSRegularExpression.escapedPattern
    return re.sub(r'([\\^$.|?*+()\[\]{}])', r'\\\1', w)
def load_vocab(trie=False):
    v={}
    for f in glob.glob(R+'/Vocabularies/*.yml'):
        d=yaml.safe_load(open(f))
        terms=[t.split(' | ')[0] if ' | ' in t else t for t in d['terms']]
        v[os.path.basename(f)[:-4]]=terms
    return v
def alternation(terms):
    ts=sorted(terms,key=lambda t:(len(t),t),reverse=True)
    pats=['[ -]?'.join(esc(w) for w in re.split(r'[ -]+',t) if w)+'(?:s|es)?' for t in ts]
    return '(?:'+'|'.join(pats)+')'
def trie_alt(terms):
    # tokens: chars, with SEP for space/hyphen
    trie={}
    for t in set(terms):
        words=[w for w in re.split(r'[ -]+',t) if w]
        seq=[]
        for i,w in enumerate(words):
            if i: seq.append('\x00')
            seq.extend(w)
        node=trie
        for c in seq: node=node.setdefault(c,{})
        node['']=True
    def emit(node):
        end='' in node
        kids=[(c,n) for c,n in node.items() if c!='']
        if not kids: return ''
        parts=[]
        for c,n in sorted(kids):
            tok='[ -]?' if c=='\x00' else esc(c)
            parts.append(tok+emit(n))
        body=parts[0] if len(parts)==1 else '(?:'+'|'.join(parts)+')'
        if end:
            return '(?:'+body+')?' if len(parts)==1 else body+'?'
        return body
    return '(?:'+emit(trie)+')(?:s|es)?'
mode=sys.argv[1]
voc=load_vocab()
alts={k:(trie_alt(t) if mode=='trie' else alternation(t)) for k,t in voc.items()}
WS="(?-i:(?<![\\w]))"; WE="(?-i:(?![\\w]))"
out=[]
for f in sorted(glob.glob(R+'/Rules/*.yml')):
    d=yaml.safe_load(open(f))
    ic=d.get('ignorecase',True)
    srcs=d.get('tokens') or list((d.get('swap') or {}).keys())
    exp=[re.sub(r'\{\{([^}]+)\}\}',lambda m:alts[m.group(1)],s) for s in srcs]
    # chunking like CompiledPattern.union
    chunks=[[]];size=0
    total=sum(len(e.encode()) for e in exp)
    if total>16000:
        for e in exp:
            if size+len(e.encode())>16000 and chunks[-1]:
                chunks.append([]);size=0
            chunks[-1].append(e);size+=len(e.encode())
    else: chunks=[exp]
    for c in chunks:
        out.append((os.path.basename(f),ic,WS+'(?:'+'|'.join(c)+')'+WE))
for n,ic,p in out: sys.stdout.write(f"{n}\t{int(ic)}\t{p}\n")
print(f"{len(out)} detectors, {sum(len(p) for _,_,p in out)} bytes", file=sys.stderr)
