//! Random OpenCL C kernels with deterministic results, CLsmith-style, for differential
//! testing (`tests/random_programs.rs`).
//!
//! Every program is one kernel `k(in, out, fout, acc)` over 256 work-items in groups of 64.
//! What it computes is defined by OpenCL C on every conforming device:
//! - integers are `uint` (wrapping), with `int`, `short`, `uchar` and `ulong` only where
//!   the conversion or operation is defined for every value (no signed overflow, no signed
//!   division, shift counts masked, divisors made odd);
//! - floats only flow into `fout` (no float comparisons or float-to-integer conversions, so
//!   a last-bit difference from contraction cannot change control flow); they are compared
//!   with a tolerance;
//! - vectors (`uint4` with swizzles, `.lo`/`.hi`), a struct, helper functions, loops with
//!   bounded trip counts (constant or from data, with `break` and `continue`), `__local`
//!   memory between barriers at the kernel's top level (uniform control flow), and atomics
//!   with commutative operations whose return values are not used.
//!
//! Programs are trees ([`Program`]), so a failing one can be reduced by deleting
//! statements and simplifying expressions ([`Program::reductions`]).
//!
//! Row programs ([`Program::generate_rows`], [`Shape::Rows`]) run over a 16x8 range instead
//! and read neighbouring rows of `in` as a 16x16 image, `in[(y + i) * 16u + ((x + C) & 15u)]`
//! with `i` a loop counter or a constant: the shape of kernels whose rows of work-items
//! share loads, which Vulkan's two-rows-per-invocation variant (`opt::coarsen_rows`)
//! rewrites. They use no local ids, `__local` memory, barriers or atomics, which would keep
//! that pass away.

use std::fmt::Write as _;

/// The work-items of one launch and of one work-group.
pub const GLOBAL: usize = 256;
/// The work-group size (also the `__local` array's length).
pub const LOCAL: usize = 64;
/// Elements of the atomic accumulator buffer `acc`.
pub const ACC: usize = 8;

/// SplitMix64: small, fixed and good enough for choosing program shapes.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// A `uint` expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A constant.
    Const(u32),
    /// A scalar variable `vN`, loop counter `iN`, or one of `gid`, `lid`.
    Var(String),
    /// `in[(INDEX) % 256]`.
    Input(Box<Expr>),
    /// A binary operator that is defined for every operand (`+ - * & | ^`).
    Bin(&'static str, Box<Expr>, Box<Expr>),
    /// `a << (b & 31)` or `a >> (b & 31)`.
    Shift(&'static str, Box<Expr>, Box<Expr>),
    /// `a / (b | 1)` or `a % (b | 1)`.
    Div(&'static str, Box<Expr>, Box<Expr>),
    /// `(uint)(a OP b)` for a comparison, on `uint` or on `int` (`signed`).
    Cmp(&'static str, bool, Box<Expr>, Box<Expr>),
    /// `c ? a : b` (on `c != 0`).
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A built-in of one or two `uint` arguments.
    Builtin(&'static str, Vec<Expr>),
    /// A round trip through a narrower or signed type: `(uint)(T)a`.
    Narrow(&'static str, Box<Expr>),
    /// The high word of a 64-bit product: `(uint)(((ulong)a * b) >> 32)`.
    MulHigh64(Box<Expr>, Box<Expr>),
    /// A lane of a vector variable: `wN.sK`.
    Lane(usize, usize),
    /// A field of the struct variable: `s.a` or `s.b`.
    Field(&'static str),
    /// A call of helper `hN`.
    Call(usize, Box<Expr>, Box<Expr>),
    /// Row programs: `in[((y + R + K) & 15u) * 16u + ((x + C) & 15u)]` for `Row(R, K, C)`,
    /// `R` a loop counter `iN` (below 9) or none, `K` a constant below 4 when `R` is none (so
    /// `y + R + K` stays below 16 and the mask changes nothing until a reduction changes a
    /// loop's bound).
    Row(Option<usize>, u32, u32),
}

/// A float expression (only stored to `fout`).
#[derive(Clone, Debug, PartialEq)]
pub enum FExpr {
    /// `fN`.
    Var(usize),
    /// `(float)(uint & 0xffff) * 0.001f`.
    FromInt(Box<Expr>),
    /// `a + b`, `a - b`.
    Bin(&'static str, Box<FExpr>, Box<FExpr>),
    /// `a * C` with a constant `|C| <= 1`.
    Scale(Box<FExpr>, f32),
}

/// A `uint4` expression.
#[derive(Clone, Debug, PartialEq)]
pub enum VExpr {
    /// `wN` with a swizzle (`xyzw` is none).
    Var(usize, &'static str),
    /// `(uint4)(a, b, c, d)`.
    Build(Box<[Expr; 4]>),
    /// `a OP b` element-wise.
    Bin(&'static str, Box<VExpr>, Box<VExpr>),
    /// `(uint4)(a.lo, b.hi)`.
    Halves(Box<VExpr>, Box<VExpr>),
    /// `as_uint4(a < b)` (lanes of -1 or 0).
    Less(Box<VExpr>, Box<VExpr>),
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `vN = e;` (or `OP=`).
    Assign(usize, &'static str, Expr),
    /// `fN = e;`.
    FAssign(usize, FExpr),
    /// `wN = e;`.
    VAssign(usize, VExpr),
    /// `s.F = e;`.
    FieldAssign(&'static str, Expr),
    /// `if (c) { .. } else { .. }`.
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `for (uint iN = 0; iN < BOUND; iN++) { .. }`.
    For(usize, Expr, Vec<Stmt>),
    /// `if (c) break;` (only inside loops).
    BreakIf(Expr),
    /// `if (c) continue;` (only inside loops).
    ContinueIf(Expr),
    /// `atomic_OP(&acc[K], e);`, OP fixed by K.
    Atomic(&'static str, usize, Expr),
    /// `lm[lid] = e; barrier; vN OP= lm[(lid + K) % 64]; barrier;` (top level only).
    Exchange(Expr, usize, u32),
}

/// A helper `uint hN(uint x, uint y)`: statements on its own `v0..` then `return e;`.
#[derive(Clone, Debug, PartialEq)]
pub struct Helper {
    /// The body.
    pub body: Vec<Stmt>,
    /// The returned value.
    pub ret: Expr,
}

/// The launch a program is written for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// 256 work-items in groups of 64 (local memory, barriers and atomics allowed).
    Line,
    /// A 16x8 range in groups of `LOCAL_2D[k]`, reading rows of `in` (see the module doc).
    Rows(usize),
}

/// The work-group sizes of row programs (each divides the 16x8 range).
pub const LOCAL_2D: [(usize, usize); 4] = [(16, 4), (8, 2), (4, 8), (16, 1)];

impl Shape {
    /// The `--global` and `--local` arguments of the launch.
    pub fn launch(self) -> (String, String) {
        match self {
            Shape::Line => (GLOBAL.to_string(), LOCAL.to_string()),
            Shape::Rows(k) => {
                let (lx, ly) = LOCAL_2D[k];
                ("16,8".to_string(), format!("{lx},{ly}"))
            }
        }
    }
}

/// A whole program.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The launch it is written for.
    pub shape: Shape,
    /// Helpers `h0..`; each may call the ones before it.
    pub helpers: Vec<Helper>,
    /// The kernel's statements.
    pub body: Vec<Stmt>,
}

/// How many scalar, float and vector variables the kernel and helpers have.
const SCALARS: usize = 4;
const FLOATS: usize = 2;
const VECTORS: usize = 2;

/// What the generator may use where it is.
#[derive(Clone)]
struct Scope {
    /// In the kernel (not a helper): vectors, the struct, atomics, gid/lid exist.
    kernel: bool,
    /// Loop counters in scope.
    counters: Vec<usize>,
    /// Helpers callable from here.
    helpers: usize,
    depth: usize,
    top_level: bool,
}

struct Gen {
    rng: Rng,
    /// Writing a row program.
    rows: bool,
    next_counter: usize,
    statements: usize,
}

const BIN: [&str; 6] = ["+", "-", "*", "&", "|", "^"];
const CMP: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];
const BUILTINS1: [&str; 3] = ["clz", "popcount", "abs"];
const BUILTINS2: [&str; 7] = [
    "min", "max", "rotate", "mul_hi", "add_sat", "hadd", "abs_diff",
];
const NARROW: [&str; 5] = ["uchar", "ushort", "short", "char", "int"];
const SWIZZLES: [&str; 6] = ["xyzw", "wzyx", "yxwz", "xxyy", "s3012", "zwxy"];
const ATOMICS: [&str; 5] = ["add", "xor", "or", "min", "max"];

impl Gen {
    fn expr(&mut self, s: &Scope, depth: usize) -> Expr {
        if depth == 0 || self.rng.chance(25) {
            return self.leaf(s);
        }
        let d = depth - 1;
        let sub = |g: &mut Gen| Box::new(g.expr(s, d));
        match self.rng.below(13) {
            0..=2 => {
                let op = BIN[self.rng.below(BIN.len())];
                Expr::Bin(op, sub(self), sub(self))
            }
            3 => Expr::Shift(
                if self.rng.chance(50) { "<<" } else { ">>" },
                sub(self),
                sub(self),
            ),
            4 => Expr::Div(
                if self.rng.chance(50) { "/" } else { "%" },
                sub(self),
                sub(self),
            ),
            5 => {
                let op = CMP[self.rng.below(CMP.len())];
                Expr::Cmp(op, self.rng.chance(40), sub(self), sub(self))
            }
            6 => Expr::Select(sub(self), sub(self), sub(self)),
            7 => {
                if self.rng.chance(40) {
                    let f = BUILTINS1[self.rng.below(BUILTINS1.len())];
                    Expr::Builtin(f, vec![*sub(self)])
                } else {
                    let f = BUILTINS2[self.rng.below(BUILTINS2.len())];
                    Expr::Builtin(f, vec![*sub(self), *sub(self)])
                }
            }
            8 => Expr::Narrow(NARROW[self.rng.below(NARROW.len())], sub(self)),
            9 => Expr::MulHigh64(sub(self), sub(self)),
            10 if s.kernel && self.rows && self.rng.chance(70) => self.row(s),
            10 if s.kernel => Expr::Input(sub(self)),
            11 if s.helpers > 0 => Expr::Call(self.rng.below(s.helpers), sub(self), sub(self)),
            _ => Expr::Bin("+", sub(self), sub(self)),
        }
    }

    /// A read of a neighbouring row (row programs only).
    fn row(&mut self, s: &Scope) -> Expr {
        let counter = (!s.counters.is_empty() && self.rng.chance(75))
            .then(|| s.counters[self.rng.below(s.counters.len())]);
        // Few rows and columns, so that row 1's reads often meet row 0's.
        let constant = if counter.is_some() {
            0
        } else {
            self.rng.below(4) as u32
        };
        let column = if self.rng.chance(70) {
            0
        } else {
            self.rng.below(16) as u32
        };
        Expr::Row(counter, constant, column)
    }

    fn leaf(&mut self, s: &Scope) -> Expr {
        match self.rng.below(10) {
            0 | 1 => Expr::Const(match self.rng.below(4) {
                0 => self.rng.below(16) as u32,
                1 => 0xffff_ffff - self.rng.below(4) as u32,
                _ => self.rng.next() as u32,
            }),
            2 if !s.counters.is_empty() => {
                Expr::Var(format!("i{}", s.counters[self.rng.below(s.counters.len())]))
            }
            3 if s.kernel && self.rows => Expr::Var(["gid", "x", "y"][self.rng.below(3)].into()),
            3 if s.kernel => Expr::Var(if self.rng.chance(50) { "gid" } else { "lid" }.into()),
            4 if s.kernel => Expr::Lane(self.rng.below(VECTORS), self.rng.below(4)),
            5 if s.kernel => Expr::Field(if self.rng.chance(50) { "a" } else { "b" }),
            6 | 7 if s.kernel && self.rows => self.row(s),
            _ => Expr::Var(format!("v{}", self.rng.below(SCALARS))),
        }
    }

    fn fexpr(&mut self, s: &Scope, depth: usize) -> FExpr {
        if depth == 0 || self.rng.chance(30) {
            return if self.rng.chance(50) {
                FExpr::Var(self.rng.below(FLOATS))
            } else {
                FExpr::FromInt(Box::new(self.expr(s, 1)))
            };
        }
        match self.rng.below(3) {
            0 => FExpr::Scale(
                Box::new(self.fexpr(s, depth - 1)),
                (self.rng.below(2001) as f32 - 1000.0) / 1000.0,
            ),
            _ => FExpr::Bin(
                if self.rng.chance(50) { "+" } else { "-" },
                Box::new(self.fexpr(s, depth - 1)),
                Box::new(self.fexpr(s, depth - 1)),
            ),
        }
    }

    fn vexpr(&mut self, s: &Scope, depth: usize) -> VExpr {
        if depth == 0 || self.rng.chance(30) {
            return if self.rng.chance(70) {
                VExpr::Var(
                    self.rng.below(VECTORS),
                    SWIZZLES[self.rng.below(SWIZZLES.len())],
                )
            } else {
                VExpr::Build(Box::new([
                    self.expr(s, 1),
                    self.expr(s, 1),
                    self.expr(s, 1),
                    self.expr(s, 1),
                ]))
            };
        }
        let d = depth - 1;
        match self.rng.below(4) {
            0 => VExpr::Halves(Box::new(self.vexpr(s, d)), Box::new(self.vexpr(s, d))),
            1 => VExpr::Less(Box::new(self.vexpr(s, d)), Box::new(self.vexpr(s, d))),
            _ => VExpr::Bin(
                BIN[self.rng.below(BIN.len())],
                Box::new(self.vexpr(s, d)),
                Box::new(self.vexpr(s, d)),
            ),
        }
    }

    fn block(&mut self, s: &Scope, max: usize) -> Vec<Stmt> {
        let n = 1 + self.rng.below(max);
        (0..n).filter_map(|_| self.stmt(s)).collect()
    }

    fn stmt(&mut self, s: &Scope) -> Option<Stmt> {
        if self.statements > 60 {
            return None;
        }
        self.statements += 1;
        let nested = Scope {
            depth: s.depth + 1,
            top_level: false,
            ..s.clone()
        };
        let pick = self.rng.below(20);
        Some(match pick {
            0..=5 => {
                let op = ["=", "+=", "^=", "*=", "-="][self.rng.below(5)];
                Stmt::Assign(self.rng.below(SCALARS), op, self.expr(s, 3))
            }
            6 if s.kernel => Stmt::FAssign(self.rng.below(FLOATS), self.fexpr(s, 3)),
            7 if s.kernel => Stmt::VAssign(self.rng.below(VECTORS), self.vexpr(s, 2)),
            8 if s.kernel => {
                Stmt::FieldAssign(if self.rng.chance(50) { "a" } else { "b" }, self.expr(s, 2))
            }
            9 | 10 if s.depth < 3 => Stmt::If(
                self.expr(s, 2),
                self.block(&nested, 3),
                if self.rng.chance(50) {
                    self.block(&nested, 2)
                } else {
                    Vec::new()
                },
            ),
            11 | 12 if s.depth < 3 && s.counters.len() < 2 => {
                let c = self.next_counter;
                self.next_counter += 1;
                let bound = if self.rng.chance(50) {
                    Expr::Const(1 + self.rng.below(9) as u32)
                } else {
                    Expr::Bin("&", Box::new(self.expr(s, 1)), Box::new(Expr::Const(7)))
                };
                let mut inner = nested.clone();
                inner.counters.push(c);
                Stmt::For(c, bound, self.block(&inner, 4))
            }
            13 if !s.counters.is_empty() => Stmt::BreakIf(self.expr(s, 2)),
            14 if !s.counters.is_empty() => Stmt::ContinueIf(self.expr(s, 2)),
            15 if s.kernel && !self.rows => {
                // One operation per accumulator: different operations on one word do not
                // commute (`or` then `min` differs from `min` then `or`), so the result
                // would depend on the order of the work-items. The draw of an operation
                // stays, keeping every seed's other choices as they were.
                let _ = self.rng.below(ATOMICS.len());
                let k = self.rng.below(ACC);
                Stmt::Atomic(ATOMICS[k % ATOMICS.len()], k, self.expr(s, 2))
            }
            16 if s.kernel && s.top_level && !self.rows => Stmt::Exchange(
                self.expr(s, 2),
                self.rng.below(SCALARS),
                self.rng.below(LOCAL) as u32,
            ),
            _ => Stmt::Assign(self.rng.below(SCALARS), "^=", self.expr(s, 2)),
        })
    }
}

impl Program {
    /// The program of `seed` (a [`Shape::Line`] program).
    pub fn generate(seed: u64) -> Program {
        Program::generate_shaped(seed, false)
    }

    /// The row program of `seed` (see the module doc).
    pub fn generate_rows(seed: u64) -> Program {
        Program::generate_shaped(seed, true)
    }

    fn generate_shaped(seed: u64, rows: bool) -> Program {
        let mut g = Gen {
            rng: Rng::new(seed),
            rows,
            next_counter: 0,
            statements: 0,
        };
        let shape = if rows {
            Shape::Rows(g.rng.below(LOCAL_2D.len()))
        } else {
            Shape::Line
        };
        let helper_count = g.rng.below(3);
        let mut helpers = Vec::new();
        for h in 0..helper_count {
            let scope = Scope {
                kernel: false,
                counters: Vec::new(),
                helpers: h,
                depth: 0,
                top_level: false,
            };
            g.statements = 0;
            let body = g.block(&scope, 4);
            let ret = g.expr(&scope, 3);
            helpers.push(Helper { body, ret });
        }
        let scope = Scope {
            kernel: true,
            counters: Vec::new(),
            helpers: helper_count,
            depth: 0,
            top_level: true,
        };
        g.statements = 0;
        let body = g.block(&scope, 12);
        Program {
            shape,
            helpers,
            body,
        }
    }

    /// The OpenCL C source.
    pub fn source(&self) -> String {
        let mut out = String::new();
        out.push_str("typedef struct { uint a; uint b; } S;\n");
        out.push_str("typedef struct { uint c; uint t[4]; } T;\n\n");
        // Pointer parameters written through `*p++` (a fixed part of every program), once
        // into a private array and once into an element of an array of structs picked at
        // run time (a run-time index inside the pointer's path, as in zlib's inflate).
        out.push_str(
            "void scramble(__private uint *p, uint n, uint k) {\n    while (n--)\n        *p++ ^= k + n;\n}\n\n",
        );
        for (i, h) in self.helpers.iter().enumerate() {
            let _ = writeln!(out, "uint h{i}(uint x, uint y) {{");
            out.push_str("    uint v0 = x, v1 = y, v2 = x ^ 0x9e3779b9u, v3 = y + 7u;\n");
            stmts(&mut out, &h.body, 1);
            let _ = writeln!(out, "    return {};\n}}\n", expr(&h.ret));
        }
        out.push_str(
            "__kernel void k(__global const uint *in, __global uint *out, __global float *fout,\n\
             \x20                __global uint *acc) {\n",
        );
        // Row programs have no local ids: their `lid` mixes the global ones.
        out.push_str(match self.shape {
            Shape::Line => {
                "    uint gid = get_global_id(0), lid = get_local_id(0);\n    __local uint lm[64];\n"
            }
            Shape::Rows(_) => {
                "    uint x = get_global_id(0), y = get_global_id(1);\n    uint gid = y * 16u + x, lid = x ^ (y << 2);\n"
            }
        });
        out.push_str(
            "    uint v0 = in[gid], v1 = in[(gid + 1u) % 256u], v2 = gid * 2654435761u, v3 = in[255u - gid];\n\
             \x20   float f0 = (float)(v0 & 0xffffu) * 0.001f, f1 = (float)lid * 0.25f;\n\
             \x20   uint4 w0 = (uint4)(v0, v1, v2, v3), w1 = (uint4)(gid, lid, v0 >> 3, 12345u);\n\
             \x20   S s = { v1 ^ v2, v3 };\n\
             \x20   uint pa[4] = { v0, v1, v2, v3 };\n\
             \x20   scramble(pa, 4u, v3);\n\
             \x20   v1 ^= pa[0] + pa[3];\n\
             \x20   T ts[3] = { { v0, { v1, v2, v3, gid } }, { v2, { v3, v0, lid, v1 } }, { v3, { gid, v1, v0, v2 } } };\n\
             \x20   scramble(ts[v0 % 3u].t + (v1 & 1u), 3u, v2);\n\
             \x20   v2 ^= ts[0].t[1] + ts[1].t[2] * 3u + ts[2].t[3] * 5u + ts[v3 % 3u].c;\n",
        );
        stmts(&mut out, &self.body, 1);
        out.push_str(
            "    out[gid] = v0 ^ (v1 * 3u) ^ (v2 * 5u) ^ (v3 * 7u) ^ w0.x ^ w0.y ^ w0.z ^ w0.w ^ w1.x ^ (w1.y + w1.z + w1.w) ^ s.a ^ (s.b << 1);\n\
             \x20   fout[gid] = f0 + f1;\n}\n",
        );
        out
    }

    /// Smaller variants of the program, most promising first: each statement deleted, each
    /// compound statement replaced by its body, each expression replaced by a leaf.
    pub fn reductions(&self) -> Vec<Program> {
        let mut out = Vec::new();
        let n_helpers = self.helpers.len();
        // Blocks are addressed by a path; try every single-statement edit on every block.
        let mut edits: Vec<Program> = Vec::new();
        for target in 0..=n_helpers {
            let block = |p: &Program| -> Vec<Stmt> {
                if target < n_helpers {
                    p.helpers[target].body.clone()
                } else {
                    p.body.clone()
                }
            };
            for variant in block_reductions(&block(self)) {
                let mut p = self.clone();
                if target < n_helpers {
                    p.helpers[target].body = variant;
                } else {
                    p.body = variant;
                }
                edits.push(p);
            }
            if target < n_helpers {
                for e in expr_reductions(&self.helpers[target].ret) {
                    let mut p = self.clone();
                    p.helpers[target].ret = e;
                    edits.push(p);
                }
            }
        }
        out.extend(edits);
        out
    }
}

/// Variants of `block` with one statement deleted, unwrapped or simplified (recursively).
fn block_reductions(block: &[Stmt]) -> Vec<Vec<Stmt>> {
    let mut out = Vec::new();
    for i in 0..block.len() {
        let mut without = block.to_vec();
        without.remove(i);
        out.push(without);
    }
    for i in 0..block.len() {
        for s in stmt_reductions(&block[i]) {
            let mut v = block[..i].to_vec();
            v.extend(s);
            v.extend_from_slice(&block[i + 1..]);
            out.push(v);
        }
    }
    out
}

/// Replacements (each a list of statements) for one statement.
fn stmt_reductions(s: &Stmt) -> Vec<Vec<Stmt>> {
    let mut out = Vec::new();
    match s {
        Stmt::If(c, t, e) => {
            out.push(t.clone());
            out.push(e.clone());
            for b in block_reductions(t) {
                out.push(vec![Stmt::If(c.clone(), b, e.clone())]);
            }
            for b in block_reductions(e) {
                out.push(vec![Stmt::If(c.clone(), t.clone(), b)]);
            }
            for c2 in expr_reductions(c) {
                out.push(vec![Stmt::If(c2, t.clone(), e.clone())]);
            }
        }
        Stmt::For(i, bound, body) => {
            for b in block_reductions(body) {
                out.push(vec![Stmt::For(*i, bound.clone(), b)]);
            }
            for b2 in expr_reductions(bound) {
                out.push(vec![Stmt::For(*i, b2, body.clone())]);
            }
        }
        Stmt::Assign(v, op, e) => {
            for e2 in expr_reductions(e) {
                out.push(vec![Stmt::Assign(*v, op, e2)]);
            }
        }
        Stmt::Atomic(op, k, e) => {
            for e2 in expr_reductions(e) {
                out.push(vec![Stmt::Atomic(op, *k, e2)]);
            }
        }
        Stmt::FieldAssign(f, e) => {
            for e2 in expr_reductions(e) {
                out.push(vec![Stmt::FieldAssign(f, e2)]);
            }
        }
        Stmt::BreakIf(e) | Stmt::ContinueIf(e) => {
            for e2 in expr_reductions(e) {
                out.push(vec![match s {
                    Stmt::BreakIf(_) => Stmt::BreakIf(e2),
                    _ => Stmt::ContinueIf(e2),
                }]);
            }
        }
        Stmt::Exchange(e, v, k) => {
            for e2 in expr_reductions(e) {
                out.push(vec![Stmt::Exchange(e2, *v, *k)]);
            }
        }
        Stmt::FAssign(..) | Stmt::VAssign(..) => {}
    }
    out
}

/// Simpler forms of `e`: a constant, or one of its operands.
fn expr_reductions(e: &Expr) -> Vec<Expr> {
    let mut out = Vec::new();
    if !matches!(e, Expr::Const(_) | Expr::Var(_)) {
        out.push(Expr::Const(1));
        let subs: Vec<&Expr> = match e {
            Expr::Input(a) | Expr::Narrow(_, a) => vec![a],
            Expr::Bin(_, a, b)
            | Expr::Shift(_, a, b)
            | Expr::Div(_, a, b)
            | Expr::Cmp(_, _, a, b)
            | Expr::MulHigh64(a, b)
            | Expr::Call(_, a, b) => vec![a, b],
            Expr::Select(a, b, c) => vec![a, b, c],
            Expr::Builtin(_, args) => args.iter().collect(),
            _ => vec![],
        };
        out.extend(subs.into_iter().cloned());
    }
    out
}

fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("    ");
    }
}

fn stmts(out: &mut String, body: &[Stmt], level: usize) {
    for s in body {
        stmt(out, s, level);
    }
}

fn stmt(out: &mut String, s: &Stmt, level: usize) {
    indent(out, level);
    match s {
        Stmt::Assign(v, op, e) => {
            let _ = writeln!(out, "v{v} {op} {};", expr(e));
        }
        Stmt::FAssign(v, e) => {
            let _ = writeln!(out, "f{v} = {};", fexpr(e));
        }
        Stmt::VAssign(v, e) => {
            let _ = writeln!(out, "w{v} = {};", vexpr(e));
        }
        Stmt::FieldAssign(f, e) => {
            let _ = writeln!(out, "s.{f} = {};", expr(e));
        }
        Stmt::If(c, t, e) => {
            let _ = writeln!(out, "if ({}) {{", expr(c));
            stmts(out, t, level + 1);
            if e.is_empty() {
                indent(out, level);
                out.push_str("}\n");
            } else {
                indent(out, level);
                out.push_str("} else {\n");
                stmts(out, e, level + 1);
                indent(out, level);
                out.push_str("}\n");
            }
        }
        Stmt::For(i, bound, body) => {
            let _ = writeln!(
                out,
                "for (uint i{i} = 0u; i{i} < {}; i{i}++) {{",
                expr(bound)
            );
            stmts(out, body, level + 1);
            indent(out, level);
            out.push_str("}\n");
        }
        Stmt::BreakIf(c) => {
            let _ = writeln!(out, "if ({}) break;", expr(c));
        }
        Stmt::ContinueIf(c) => {
            let _ = writeln!(out, "if ({}) continue;", expr(c));
        }
        Stmt::Atomic(op, k, e) => {
            let _ = writeln!(out, "atomic_{op}(&acc[{k}], {});", expr(e));
        }
        Stmt::Exchange(e, v, k) => {
            let _ = writeln!(out, "lm[lid] = {};", expr(e));
            indent(out, level);
            out.push_str("barrier(CLK_LOCAL_MEM_FENCE);\n");
            indent(out, level);
            let _ = writeln!(out, "v{v} += lm[(lid + {k}u) % 64u];");
            indent(out, level);
            out.push_str("barrier(CLK_LOCAL_MEM_FENCE);\n");
        }
    }
}

/// The C text of `e` (fully parenthesised).
pub fn expr(e: &Expr) -> String {
    match e {
        Expr::Const(c) => format!("{c:#x}u"),
        Expr::Var(v) => v.clone(),
        Expr::Input(i) => format!("in[({}) % 256u]", expr(i)),
        Expr::Bin(op, a, b) => format!("({} {op} {})", expr(a), expr(b)),
        Expr::Shift(op, a, b) => format!("({} {op} ({} & 31u))", expr(a), expr(b)),
        Expr::Div(op, a, b) => format!("({} {op} ({} | 1u))", expr(a), expr(b)),
        Expr::Cmp(op, false, a, b) => format!("(uint)({} {op} {})", expr(a), expr(b)),
        Expr::Cmp(op, true, a, b) => {
            format!("(uint)((int){} {op} (int){})", expr(a), expr(b))
        }
        Expr::Select(c, a, b) => format!("({} ? {} : {})", expr(c), expr(a), expr(b)),
        Expr::Builtin(f, args) => {
            let args: Vec<String> = args.iter().map(expr).collect();
            format!("{f}({})", args.join(", "))
        }
        Expr::Narrow(t, a) => format!("(uint)({t}){}", expr(a)),
        Expr::MulHigh64(a, b) => {
            format!("(uint)(((ulong){} * (ulong){}) >> 32)", expr(a), expr(b))
        }
        Expr::Lane(v, k) => format!("w{v}.s{k}"),
        Expr::Field(f) => format!("s.{f}"),
        Expr::Call(h, a, b) => format!("h{h}({}, {})", expr(a), expr(b)),
        // The row is masked too: a reduced program may loop past 9.
        Expr::Row(Some(i), _, c) => {
            format!("in[((y + i{i}) & 15u) * 16u + ((x + {c}u) & 15u)]")
        }
        Expr::Row(None, k, c) => format!("in[((y + {k}u) & 15u) * 16u + ((x + {c}u) & 15u)]"),
    }
}

fn fexpr(e: &FExpr) -> String {
    match e {
        FExpr::Var(v) => format!("f{v}"),
        FExpr::FromInt(a) => format!("((float)({} & 0xffffu) * 0.001f)", expr(a)),
        FExpr::Bin(op, a, b) => format!("({} {op} {})", fexpr(a), fexpr(b)),
        FExpr::Scale(a, c) => format!("({} * {c:?}f)", fexpr(a)),
    }
}

fn vexpr(e: &VExpr) -> String {
    match e {
        VExpr::Var(v, "xyzw") => format!("w{v}"),
        VExpr::Var(v, sw) => format!("w{v}.{sw}"),
        VExpr::Build(lanes) => {
            let l: Vec<String> = lanes.iter().map(expr).collect();
            format!("(uint4)({})", l.join(", "))
        }
        VExpr::Bin(op, a, b) => format!("({} {op} {})", vexpr(a), vexpr(b)),
        VExpr::Halves(a, b) => format!("(uint4)(({}).lo, ({}).hi)", vexpr(a), vexpr(b)),
        VExpr::Less(a, b) => format!("as_uint4({} < {})", vexpr(a), vexpr(b)),
    }
}
