//! The shape of a Vulkan dispatch for an OpenCL launch: several work-items per
//! invocation, and optionally several OpenCL work-groups per Vulkan workgroup.
//!
//! A kernel whose reflection says `groups_mergeable` cannot tell its work-groups apart
//! (no barrier, no `__local` memory, no local id, group id, local size or group count:
//! see `oclc_backend_spirv::vulkan::group_merge`). One with an
//! `items_per_invocation_spec_id` (such a kernel whose arguments are buffers and values)
//! can run `k` work-items per invocation (see `oclc_backend_spirv::vulkan::items`),
//! dispatching `1 / k` of the invocations. Measured on an NVIDIA H200 over 64M floats
//! (bench/results/gpu-dispatch-shape.txt), streaming kernels ran at 0.85-0.89 of NVIDIA's
//! OpenCL with one work-item per invocation, 1.10-1.14 with two and 1.23-1.27 with four;
//! the transcendental bench's geometric mean went from 0.85 to 1.11 with four. So a large
//! launch runs [`DEFAULT_ITEMS`] work-items per invocation, as long as
//! [`MIN_INVOCATIONS`] invocations remain to fill the device.
//!
//! A mergeable kernel may also be dispatched in workgroups of `m` times the local size
//! along x (every invocation keeps its `GlobalInvocationId`, so every work-item its global
//! id). Alone that gained less (0.85 to 0.87 at 512 invocations per workgroup, and 1024
//! lost), and on top of four work-items per invocation it lost (1.11 to 1.07), so it is
//! off unless asked for.
//!
//! A kernel that synchronises its work-groups (barriers, `__local` memory, group queries)
//! but reaches its barriers alike in every group has a `merged_groups_spec_id` (see
//! `oclc_backend_spirv::vulkan::merged_groups`): its module remaps the group queries and
//! keeps a copy of each `__local` variable per merged group when that constant says how
//! many groups a workgroup runs. Such kernels are merged by default into workgroups of up
//! to [`DEFAULT_SYNCHRONISED_MERGE`] invocations, as long as their `__local` memory fits
//! the device's shared memory `m` times: on an H200 the suite's tree reduction (work-groups
//! of 128) went from 0.404 to 0.295 ms as workgroups of 256 and the 16x4 stencil from 0.635
//! to 0.353 ms; targets of 512 and 1024 ran slower (bench/results/gpu-loop-form.txt).
//!
//! A group-blind kernel with a `rows_per_invocation_spec_id` (its body computes two rows
//! of work-items along y when that constant is 2; see `oclc_backend_spirv::vulkan::rows`)
//! runs two rows per invocation whenever the launch has at least two dimensions, an even
//! global size along y and row ids (offset included) below 2^31 - 1 (the variant computes
//! row 1's id in an `int`; `launch.rs` checks that bound): the launch dispatches half the
//! invocation rows, in workgroups whose y size tiles them exactly (the local size when it
//! divides them, else half of it), while the argument block keeps the user's global size
//! and offset.
//!
//! A synchronising kernel with a `groups_per_invocation` variant (a second entry point
//! that computes its local id in `factor` work-groups along one dimension; see
//! `oclc_backend_spirv::vulkan::groups`) runs the variant when the number of groups along
//! the dimension is a multiple of the factor and at least [`MIN_COARSENED_INVOCATIONS`]
//! invocations remain: on an H100 the variant ran the suite's tiled 8192x8192 transpose in
//! 0.66x the time and its 16x4 stencil in 0.63x (bench/results/gpu-coarsen-groups.txt).
//! The launch then dispatches `1 / factor` of the groups along it, before any merging
//! along x, whose shared-memory bound counts the variant's `factor` copies.
//!
//! `OCLC_VK_ITEMS=N` asks for up to `N` work-items per invocation whatever the launch's
//! size (`1` or `off`: one each); `OCLC_VK_ROWS=1` (or `off`) keeps one row of work-items
//! per invocation; `OCLC_VK_MERGE_GROUPS=N` merges the work-groups of
//! group-blind kernels into workgroups of up to `N` invocations (`0` or `off`: none, the
//! default); `OCLC_VK_MERGE_SYNCHRONISED=N` sets the same target for synchronising kernels
//! (`off`: none); `OCLC_VK_GROUPS=1` (or `off`) keeps one work-group per invocation, any
//! other number runs the kernel's factor whatever the launch's size. They are for
//! measurements and tests.

/// The environment variable that merges work-groups into workgroups of up to N invocations.
pub const MERGE_ENV: &str = "OCLC_VK_MERGE_GROUPS";

/// The environment variable that sets the merged workgroup size of synchronising kernels.
pub const MERGE_SYNCHRONISED_ENV: &str = "OCLC_VK_MERGE_SYNCHRONISED";

/// Invocations a merged workgroup of a synchronising kernel may reach by default.
pub const DEFAULT_SYNCHRONISED_MERGE: u32 = 256;

/// The environment variable that sets the work-items per invocation.
pub const ITEMS_ENV: &str = "OCLC_VK_ITEMS";

/// The environment variable that keeps one row of work-items per invocation (`1`/`off`).
pub const ROWS_ENV: &str = "OCLC_VK_ROWS";

/// The environment variable that sets the work-groups per invocation (`1`/`off`: one).
pub const GROUPS_ENV: &str = "OCLC_VK_GROUPS";

/// The fewest invocations a launch keeps when it runs several work-groups per invocation
/// by default: four times what an H200 holds at once (132 multiprocessors of 2048).
pub const MIN_COARSENED_INVOCATIONS: u64 = 1 << 20;

/// Work-items per invocation by default (for kernels that allow several).
pub const DEFAULT_ITEMS: u32 = 4;

/// The fewest invocations a launch keeps when it runs several work-items per invocation
/// by default: sixteen times what an H200 holds at once (132 multiprocessors of 2048).
/// At 2^20 the 2048x2048 naive matrix product (4M work-items, 2048 steps each) took 4 per
/// invocation and ran 7% slower than with one (bench/results/gpu-dispatch-shape.txt);
/// the 4096x4096 Mandelbrot set (16M) still takes 4 and gains 13%.
pub const MIN_INVOCATIONS: u64 = 1 << 22;

/// The device limits that bound a workgroup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WorkgroupLimits {
    /// `maxComputeWorkGroupSize[0]`.
    pub max_x: u32,
    /// `maxComputeWorkGroupInvocations`.
    pub max_invocations: u32,
    /// `maxComputeSharedMemorySize`.
    pub max_shared_bytes: u32,
}

/// What a kernel allows a launcher to do with its work-groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Grouping {
    /// Work-groups are fixed (merging would change results).
    Fixed,
    /// No work-item can tell its work-group (`groups_mergeable`); `multi_item` when it
    /// may also run several work-items per invocation, `two_rows` two rows of them.
    Blind {
        /// The kernel has an items-per-invocation constant.
        multi_item: bool,
        /// The kernel has a rows-per-invocation constant.
        two_rows: bool,
    },
    /// Synchronising work-groups that may merge through the module's constant, each
    /// using this many bytes of `__local` memory.
    Synchronised {
        /// `__local` bytes per work-group (variables and arguments).
        local_bytes: u64,
        /// The dimension and factor of the kernel's several-groups variant, if it has one.
        coarsen: Option<(usize, u32)>,
    },
}

/// What a launch dispatches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dispatch {
    /// The Vulkan workgroup size (the work-group size, x multiplied by `merged`).
    pub workgroup: [u32; 3],
    /// The number of workgroups.
    pub groups: [u32; 3],
    /// OpenCL work-groups per Vulkan workgroup (along x).
    pub merged: u32,
    /// Work-items per invocation.
    pub items: u32,
    /// Rows of work-items (along y) per invocation: 1, or 2 with half the rows dispatched.
    pub rows: u32,
    /// Work-groups per invocation along the kernel's coarsened dimension (1: one).
    pub groups_per_invocation: u32,
}

/// How many work-items per invocation a launch may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ItemsRule {
    /// At most this many.
    target: u32,
    /// Only while this many invocations remain.
    min_invocations: u64,
}

/// A setting read from the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setting {
    /// Unset (or unreadable): the default.
    Default,
    /// `0` or `off`.
    Off,
    /// A positive number.
    Value(u32),
}

fn setting(value: Option<&str>) -> Setting {
    match value.map(str::trim) {
        Some("off") | Some("0") => Setting::Off,
        Some(v) => v.parse().map_or(Setting::Default, Setting::Value),
        None => Setting::Default,
    }
}

/// The dispatch of a launch of `work_dim` dimensions with work-groups of `local` and
/// `groups` of them, for a kernel whose work-groups allow `grouping`, under the
/// environment's settings.
pub(crate) fn plan(
    work_dim: u32,
    local: [u32; 3],
    groups: [u32; 3],
    grouping: Grouping,
    limits: WorkgroupLimits,
) -> Dispatch {
    let env = |name: &str| setting(std::env::var(name).ok().as_deref());
    let two_rows = match grouping {
        Grouping::Blind { two_rows, .. } => two_rows && rows_allowed(env(ROWS_ENV)),
        _ => false,
    };
    let coarse = match grouping {
        Grouping::Synchronised {
            coarsen: Some((dim, factor)),
            local_bytes,
        } => {
            let fits = local_bytes * factor as u64 <= limits.max_shared_bytes as u64;
            let launch = Launch { local, groups };
            fits.then(|| coarsening(dim, factor, launch, env(GROUPS_ENV)))
                .flatten()
        }
        _ => None,
    };
    let mut groups = groups;
    let mut copies = 1;
    if let Some((dim, factor)) = coarse {
        groups[dim] /= factor;
        copies = factor as u64;
    }
    let (merge_target, items, local_bytes) = match grouping {
        Grouping::Fixed => (None, None, 0),
        Grouping::Blind { multi_item, .. } => {
            let merge = match env(MERGE_ENV) {
                Setting::Value(n) => Some(n),
                _ => None,
            };
            let items = match env(ITEMS_ENV) {
                _ if !multi_item => None,
                Setting::Off => None,
                Setting::Default => Some(ItemsRule {
                    target: DEFAULT_ITEMS,
                    min_invocations: MIN_INVOCATIONS,
                }),
                Setting::Value(n) => Some(ItemsRule {
                    target: n,
                    min_invocations: 0,
                }),
            };
            (merge, items, 0)
        }
        Grouping::Synchronised { local_bytes, .. } => {
            let merge = match env(MERGE_SYNCHRONISED_ENV) {
                Setting::Default => Some(DEFAULT_SYNCHRONISED_MERGE),
                Setting::Value(n) => Some(n),
                Setting::Off => None,
            };
            (merge, None, local_bytes * copies)
        }
    };
    let mut d = plan_with(local, groups, merge_target, items, local_bytes, limits);
    d.groups_per_invocation = coarse.map_or(1, |(_, factor)| factor);
    if two_rows {
        with_two_rows(d, work_dim)
    } else {
        d
    }
}

/// A launch's work-group size and number of work-groups.
#[derive(Clone, Copy, Debug)]
struct Launch {
    local: [u32; 3],
    groups: [u32; 3],
}

/// The dimension and factor a launch runs several groups per invocation along, for a
/// kernel whose variant has them (and whose copies of `__local` memory fit the device),
/// under `setting`. By default only work-groups of a power-of-two size along x take it:
/// on the H100, NVIDIA's Vulkan gave wrong results for a kernel of
/// tests/run/cpu_local_size_specialised.cl run as the variant in work-groups of 3 and 6
/// merged four and two to a workgroup (lavapipe agrees with PoCL there; the cause is not
/// found), while every power-of-two case agreed with NVIDIA's OpenCL.
fn coarsening(dim: usize, factor: u32, launch: Launch, setting: Setting) -> Option<(usize, u32)> {
    let Launch { local, groups } = launch;
    if dim > 2 || factor < 2 || !groups[dim].is_multiple_of(factor) {
        return None;
    }
    let size = local.iter().map(|&l| l as u64).product::<u64>();
    let work_items = size * groups.iter().map(|&g| g as u64).product::<u64>();
    match setting {
        Setting::Off | Setting::Value(1) => None,
        Setting::Value(_) => Some((dim, factor)),
        Setting::Default => (local[0].is_power_of_two()
            && work_items / factor as u64 >= MIN_COARSENED_INVOCATIONS)
            .then_some((dim, factor)),
    }
}

/// Whether the [`ROWS_ENV`] setting lets kernels run two rows per invocation (unless `1`
/// or `off`).
fn rows_allowed(s: Setting) -> bool {
    !matches!(s, Setting::Off | Setting::Value(1))
}

/// `d` with two rows of work-items per invocation, when the launch has at least two
/// dimensions and an even number of rows `2h` along y: `h` invocation rows in workgroups
/// of `gcd(local y, h)` rows. That is the local y size when it divides `h`, else half of
/// it (it divides `2h`, so it is even then), so the workgroups tile the rows exactly.
fn with_two_rows(d: Dispatch, work_dim: u32) -> Dispatch {
    let local_y = d.workgroup[1];
    let rows = local_y as u64 * d.groups[1] as u64;
    if work_dim < 2 || rows < 2 || !rows.is_multiple_of(2) {
        return d;
    }
    let half = rows / 2;
    let y = gcd(local_y as u64, half);
    Dispatch {
        workgroup: [d.workgroup[0], y as u32, d.workgroup[2]],
        groups: [d.groups[0], (half / y) as u32, d.groups[2]],
        rows: 2,
        ..d
    }
}

/// The greatest common divisor of `a` and `b`.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// [`plan`] with the merged workgroup size aimed at (`merge_target`) and the work-items
/// rule given, `None` for off. Each factor is the largest power of two within its target
/// that divides the work-groups along x (work-items first, then merging of what is left);
/// the work-items keep the rule's invocations, the merged workgroup the device's limits,
/// `local_bytes` of `__local` memory per work-group included.
fn plan_with(
    local: [u32; 3],
    groups: [u32; 3],
    merge_target: Option<u32>,
    items: Option<ItemsRule>,
    local_bytes: u64,
    limits: WorkgroupLimits,
) -> Dispatch {
    let size = local.iter().map(|&l| l as u64).product::<u64>();
    let work_items = size * groups.iter().map(|&g| g as u64).product::<u64>();
    let items = items.map_or(1, |rule| {
        largest_power_of_two(rule.target, |k| {
            groups[0].is_multiple_of(k) && work_items / k as u64 >= rule.min_invocations
        })
    });
    let cap = merge_target.unwrap_or(0).min(limits.max_invocations) as u64;
    let left = groups[0] / items;
    let merged = largest_power_of_two(u32::MAX, |m| {
        left.is_multiple_of(m)
            && size * m as u64 <= cap
            && local[0] as u64 * m as u64 <= limits.max_x as u64
            && local_bytes * m as u64 <= limits.max_shared_bytes as u64
    });
    Dispatch {
        workgroup: [local[0] * merged, local[1], local[2]],
        groups: [left / merged, groups[1], groups[2]],
        merged,
        items,
        rows: 1,
        groups_per_invocation: 1,
    }
}

/// The largest power of two `p <= limit` with `fits(q)` for every power of two `q <= p`.
fn largest_power_of_two(limit: u32, fits: impl Fn(u32) -> bool) -> u32 {
    let mut p = 1u32;
    while p <= limit / 2 && fits(p * 2) {
        p *= 2;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    const NVIDIA: WorkgroupLimits = WorkgroupLimits {
        max_x: 1024,
        max_invocations: 1024,
        max_shared_bytes: 49152,
    };

    const FORCED_4: Option<ItemsRule> = Some(ItemsRule {
        target: 4,
        min_invocations: 0,
    });

    const DEFAULT: Option<ItemsRule> = Some(ItemsRule {
        target: DEFAULT_ITEMS,
        min_invocations: MIN_INVOCATIONS,
    });

    fn merge_only(local: [u32; 3], groups: [u32; 3], target: u32, limits: WorkgroupLimits) -> u32 {
        plan_with(local, groups, Some(target), None, 0, limits).merged
    }

    #[test]
    fn large_launches_run_four_work_items_per_invocation() {
        let d = plan_with([256, 1, 1], [262144, 1, 1], None, DEFAULT, 0, NVIDIA);
        assert_eq!((d.items, d.merged, d.groups), (4, 1, [65536, 1, 1]));
        assert_eq!(d.workgroup, [256, 1, 1]);
    }

    #[test]
    fn small_launches_keep_their_invocations() {
        // 8M work-items: 2 per invocation leaves 4M invocations, 4 would leave fewer.
        let d = plan_with([256, 1, 1], [32768, 1, 1], None, DEFAULT, 0, NVIDIA);
        assert_eq!(d.items, 2);
        // The 2048x2048 matrix product: 4M work-items keep one each.
        let d = plan_with([16, 16, 1], [128, 128, 1], None, DEFAULT, 0, NVIDIA);
        assert_eq!(d.items, 1);
        let d = plan_with([64, 1, 1], [64, 1, 1], None, DEFAULT, 0, NVIDIA);
        assert_eq!(d.items, 1);
        // Asked for explicitly, any launch.
        let d = plan_with([64, 1, 1], [64, 1, 1], None, FORCED_4, 0, NVIDIA);
        assert_eq!((d.items, d.groups), (4, [16, 1, 1]));
    }

    #[test]
    fn merges_up_to_the_target() {
        assert_eq!(merge_only([256, 1, 1], [262144, 1, 1], 1024, NVIDIA), 4);
        assert_eq!(merge_only([256, 1, 1], [262144, 1, 1], 512, NVIDIA), 2);
        assert_eq!(merge_only([64, 1, 1], [4096, 1, 1], 1024, NVIDIA), 16);
    }

    #[test]
    fn the_factors_divide_the_group_count() {
        assert_eq!(merge_only([256, 1, 1], [6, 1, 1], 1024, NVIDIA), 2);
        assert_eq!(merge_only([256, 1, 1], [3, 1, 1], 1024, NVIDIA), 1);
        assert_eq!(merge_only([100, 1, 1], [1, 1, 1], 1024, NVIDIA), 1);
        let eight = Some(ItemsRule {
            target: 8,
            min_invocations: 0,
        });
        let d = plan_with([64, 1, 1], [12, 1, 1], Some(1024), eight, 0, NVIDIA);
        assert_eq!((d.items, d.merged, d.groups), (4, 1, [3, 1, 1]));
        let d = plan_with([64, 1, 1], [32, 1, 1], Some(256), FORCED_4, 0, NVIDIA);
        assert_eq!((d.items, d.merged, d.groups), (4, 4, [2, 1, 1]));
        assert_eq!(d.workgroup, [256, 1, 1]);
    }

    #[test]
    fn two_dimensional_groups_count_every_invocation() {
        assert_eq!(merge_only([16, 16, 1], [512, 512, 1], 1024, NVIDIA), 4);
        assert_eq!(merge_only([32, 32, 1], [64, 64, 1], 1024, NVIDIA), 1);
        let d = plan_with([16, 16, 1], [512, 512, 1], Some(1024), None, 0, NVIDIA);
        assert_eq!((d.workgroup, d.groups), ([64, 16, 1], [128, 512, 1]));
    }

    #[test]
    fn device_limits_win_over_the_target() {
        let small = WorkgroupLimits {
            max_x: 256,
            max_invocations: 1024,
            max_shared_bytes: 49152,
        };
        assert_eq!(merge_only([128, 1, 1], [64, 1, 1], 1024, small), 2);
        assert_eq!(merge_only([1024, 1, 1], [64, 1, 1], 4096, NVIDIA), 1);
    }

    #[test]
    fn local_memory_bounds_the_merge() {
        // 4 KiB per group: 4 groups of 64 fit 256 invocations and 16 KiB.
        let d = plan_with([64, 1, 1], [64, 1, 1], Some(256), None, 4096, NVIDIA);
        assert_eq!((d.merged, d.workgroup), (4, [256, 1, 1]));
        // 16 KiB per group: three would fit 48 KiB, but factors are powers of two.
        let d = plan_with([64, 1, 1], [64, 1, 1], Some(256), None, 16384, NVIDIA);
        assert_eq!(d.merged, 2);
        let d = plan_with([64, 1, 1], [64, 1, 1], Some(256), None, 40000, NVIDIA);
        assert_eq!(d.merged, 1);
    }

    #[test]
    fn off_keeps_the_launch_as_it_is() {
        let d = plan_with([256, 1, 1], [4096, 1, 1], None, None, 0, NVIDIA);
        assert_eq!(
            (d.workgroup, d.groups, d.merged, d.items),
            ([256, 1, 1], [4096, 1, 1], 1, 1)
        );
    }

    /// The dispatch of a launch of a kernel that may run two rows per invocation.
    fn two_rows(local: [u32; 3], groups: [u32; 3], work_dim: u32) -> Dispatch {
        with_two_rows(plan_with(local, groups, None, None, 0, NVIDIA), work_dim)
    }

    #[test]
    fn even_rows_dispatch_half_the_invocation_rows() {
        // 1024 rows in groups of 16: 512 invocation rows, still in groups of 16.
        let d = two_rows([16, 16, 1], [64, 64, 1], 2);
        assert_eq!(
            (d.rows, d.workgroup, d.groups),
            (2, [16, 16, 1], [64, 32, 1])
        );
        let d = two_rows([8, 4, 2], [4, 6, 3], 3);
        assert_eq!((d.rows, d.workgroup, d.groups), (2, [8, 4, 2], [4, 3, 3]));
        // An odd local size divides the half too: 6 rows in groups of 3.
        let d = two_rows([16, 3, 1], [4, 2, 1], 2);
        assert_eq!((d.rows, d.workgroup, d.groups), (2, [16, 3, 1], [4, 1, 1]));
    }

    #[test]
    fn a_local_size_that_does_not_divide_the_half_is_halved() {
        // 16 rows in one group: 8 invocation rows in one group of 8.
        let d = two_rows([16, 16, 1], [4, 1, 1], 2);
        assert_eq!((d.rows, d.workgroup, d.groups), (2, [16, 8, 1], [4, 1, 1]));
        // 48 rows in 3 groups of 16: 24 invocation rows in 3 groups of 8.
        let d = two_rows([8, 16, 1], [4, 3, 1], 2);
        assert_eq!((d.rows, d.workgroup, d.groups), (2, [8, 8, 1], [4, 3, 1]));
        // 2 rows in one group: one invocation row.
        let d = two_rows([64, 2, 1], [4, 1, 1], 2);
        assert_eq!((d.rows, d.workgroup, d.groups), (2, [64, 1, 1], [4, 1, 1]));
    }

    #[test]
    fn odd_rows_and_one_dimensional_launches_keep_one_row() {
        let odd = plan_with([16, 3, 1], [4, 5, 1], None, None, 0, NVIDIA);
        assert_eq!(with_two_rows(odd, 2), odd);
        assert_eq!(odd.rows, 1);
        let one_row = plan_with([16, 1, 1], [4, 1, 1], None, None, 0, NVIDIA);
        assert_eq!(with_two_rows(one_row, 2), one_row);
        let linear = plan_with([256, 1, 1], [64, 1, 1], None, None, 0, NVIDIA);
        assert_eq!(with_two_rows(linear, 1), linear);
        // A launch of one dimension never halves y, whatever its shape says.
        let d = plan_with([16, 2, 1], [4, 1, 1], None, None, 0, NVIDIA);
        assert_eq!(with_two_rows(d, 1), d);
    }

    #[test]
    fn two_rows_leave_the_x_shape_alone() {
        let d = plan_with([64, 4, 1], [32, 8, 1], None, FORCED_4, 0, NVIDIA);
        let r = with_two_rows(d, 2);
        assert_eq!((r.items, r.merged, r.rows), (4, 1, 2));
        assert_eq!((r.workgroup, r.groups), ([64, 4, 1], [8, 4, 1]));
    }

    #[test]
    fn one_or_off_keeps_one_row() {
        assert!(rows_allowed(Setting::Default));
        assert!(rows_allowed(Setting::Value(2)));
        assert!(!rows_allowed(Setting::Value(1)));
        assert!(!rows_allowed(Setting::Off));
    }

    #[test]
    fn settings_come_from_the_environment_text() {
        assert_eq!(setting(None), Setting::Default);
        assert_eq!(setting(Some("off")), Setting::Off);
        assert_eq!(setting(Some("0")), Setting::Off);
        assert_eq!(setting(Some("1024")), Setting::Value(1024));
        assert_eq!(setting(Some("junk")), Setting::Default);
    }

    fn launch(local: [u32; 3], groups: [u32; 3]) -> Launch {
        Launch { local, groups }
    }

    #[test]
    fn large_launches_run_the_several_groups_variant() {
        // 8192x8192 in 16x16 groups: 512 groups along y, 16M invocations after.
        let got = coarsening(1, 4, launch([16, 16, 1], [512, 512, 1]), Setting::Default);
        assert_eq!(got, Some((1, 4)));
        // Work-groups of 12 along x keep the plain kernel unless asked.
        let odd = launch([12, 16, 1], [512, 512, 1]);
        assert_eq!(coarsening(1, 4, odd, Setting::Default), None);
        assert_eq!(coarsening(1, 4, odd, Setting::Value(4)), Some((1, 4)));
    }

    #[test]
    fn small_launches_run_it_only_when_asked() {
        let small = launch([16, 16, 1], [4, 8, 1]);
        assert_eq!(coarsening(1, 4, small, Setting::Default), None);
        assert_eq!(coarsening(1, 4, small, Setting::Value(4)), Some((1, 4)));
    }

    #[test]
    fn the_factor_must_divide_the_groups_and_one_or_off_keeps_them() {
        let forced = Setting::Value(4);
        assert_eq!(
            coarsening(0, 4, launch([256, 1, 1], [15, 1, 1]), forced),
            None
        );
        assert_eq!(
            coarsening(1, 4, launch([16, 16, 1], [512, 6, 1]), forced),
            None
        );
        for keep in [Setting::Off, Setting::Value(1)] {
            let large = launch([256, 1, 1], [1 << 20, 1, 1]);
            assert_eq!(coarsening(0, 4, large, keep), None);
        }
    }

    #[test]
    fn copies_of_local_memory_beyond_the_device_keep_the_plain_kernel() {
        // diff_big_state.cl's 32 KiB __local array: four copies exceed 48 KiB (on the H100
        // the variant lost the device before this check).
        let big = Grouping::Synchronised {
            local_bytes: 32768,
            coarsen: Some((0, 4)),
        };
        let d = plan(1, [128, 1, 1], [1 << 16, 1, 1], big, NVIDIA);
        assert_eq!(d.groups_per_invocation, 1);
        let small = Grouping::Synchronised {
            local_bytes: 1024,
            coarsen: Some((0, 4)),
        };
        let d = plan(1, [128, 1, 1], [1 << 16, 1, 1], small, NVIDIA);
        assert_eq!(d.groups_per_invocation, 4);
    }
}
