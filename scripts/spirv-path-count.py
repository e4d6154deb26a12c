#!/usr/bin/env python3
"""Count SPIR-V instructions along one path through a (library) function, e.g. its fast path:

    scripts/spirv-path-count.py k.spv %__oclc_sin_f32 [FUNC:N=f ...]

From the function's entry, at each conditional branch take the true target, or the false one
for FUNC:N=f (the N-th conditional branch met in one call of FUNC, from 0; FUNC without %),
adding the counts of called functions along their own paths (OpLabel and merge instructions
not counted). V=1 prints each branch taken. Also prints the module's total count of
function-body instructions. Used for issue 16's before/after counts of the float library."""
import re, subprocess, sys
spv = sys.argv[1]; entry = sys.argv[2]
over = {}
import os
VERB = os.environ.get('V')
for a in sys.argv[3:]:
    f, rest = a.split(':'); n, v = rest.split('='); over[('%' + f, int(n))] = v
dis = subprocess.run(['spirv-dis', '--raw-id', spv], capture_output=True, text=True).stdout
dis2 = subprocess.run(['spirv-dis', spv], capture_output=True, text=True).stdout.splitlines()
funcs = {}; cur = None; blk = None; total = 0
for line in dis2:
    s = line.strip()
    m = re.match(r'(%\S+) = OpFunction\b', s)
    if m:
        cur = m.group(1); funcs[cur] = {'blocks': {}, 'order': []}; continue
    if cur is None: continue
    if s == 'OpFunctionEnd': cur = None; continue
    m = re.match(r'(%\S+) = OpLabel', s)
    if m:
        blk = m.group(1); funcs[cur]['blocks'][blk] = []; funcs[cur]['order'].append(blk); continue
    if blk is None or not s: continue
    if 'OpFunctionParameter' in s: continue
    funcs[cur]['blocks'][blk].append(s); total += 1
calls = {}
def path(fn, depth=0):
    f = funcs[fn]; b = f['order'][0]; n = 0; nb = 0; seen = set(); cond_i = 0
    while True:
        if b in seen: print('loop in', fn, file=sys.stderr); break
        seen.add(b)
        ins = f['blocks'][b]
        for s in ins:
            if s.startswith('OpSelectionMerge') or s.startswith('OpLoopMerge'): continue
            n += 1
            m = re.search(r'OpFunctionCall %\S+ (%\S+)', s)
            if m: n += path(m.group(1), depth + 1)
        last = ins[-1]
        if last.startswith('OpBranchConditional'):
            parts = last.split(); v = over.get((fn, cond_i), 't')
            if VERB: print('  '*depth + f'{fn} cond {cond_i} [{ins[-3] if len(ins)>2 else ""}] -> {v}', file=sys.stderr)
            cond_i += 1
            b = parts[2] if v == 't' else parts[3]
        elif last.startswith('OpBranch '):
            b = last.split()[1]
        else:
            break
    calls[fn] = calls.get(fn, 0) + 1
    return n
n = path(entry)
print(f'common path {n} instructions; module function bodies {total}; calls {calls}')
