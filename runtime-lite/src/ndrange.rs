//! NDRange shapes and the choice of a work-group size.

use crate::error::RuntimeError;

/// The largest work-group (work-items per group) the CPU device accepts.
pub const MAX_WORK_GROUP_SIZE: u64 = 4096;

/// An NDRange launch shape. Entries past `work_dim` are ignored (treated as size 1, offset 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NDRange {
    /// Number of dimensions, 1 to 3.
    pub work_dim: u32,
    /// Global size per dimension.
    pub global: [u64; 3],
    /// Work-group size per dimension; `None` lets the runtime choose
    /// ([`default_local_size`]).
    pub local: Option<[u64; 3]>,
    /// Global offset per dimension.
    pub offset: [u64; 3],
}

impl NDRange {
    /// A 1-D range with no offset.
    pub fn d1(global: u64, local: Option<u64>) -> NDRange {
        NDRange {
            work_dim: 1,
            global: [global, 1, 1],
            local: local.map(|l| [l, 1, 1]),
            offset: [0; 3],
        }
    }
}

/// The work-group size chosen when the launch gives none and the kernel has no
/// `reqd_work_group_size`: in each dimension (x first) the largest divisor of the global size
/// that is at most 64 for x and keeps the product of all dimensions at most 256.
pub fn default_local_size(work_dim: u32, global: [u64; 3]) -> [u64; 3] {
    let mut local = [1u64; 3];
    let mut product = 1u64;
    for d in 0..work_dim.min(3) as usize {
        let limit = if d == 0 { 64 } else { 256 / product };
        let g = global[d];
        let best = (1..=limit.min(g))
            .rev()
            .find(|l| g.is_multiple_of(*l))
            .unwrap_or(1);
        local[d] = best;
        product *= best;
    }
    local
}

/// The resolved shape of a launch: every dimension filled in and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Resolved {
    pub work_dim: u32,
    pub global: [u64; 3],
    pub local: [u64; 3],
    pub offset: [u64; 3],
    pub groups: [u64; 3],
}

/// Checks `r` (OpenCL 1.2 rules: the local size divides the global size) and fills in the
/// local size (`reqd` is the kernel's `reqd_work_group_size`).
pub(crate) fn resolve(r: &NDRange, reqd: Option<[u32; 3]>) -> Result<Resolved, RuntimeError> {
    if !(1..=3).contains(&r.work_dim) {
        return Err(RuntimeError::BadRange(format!(
            "work_dim is {}, must be 1, 2 or 3",
            r.work_dim
        )));
    }
    let n = r.work_dim as usize;
    let mut global = [1u64; 3];
    let mut offset = [0u64; 3];
    for d in 0..n {
        if r.global[d] == 0 {
            return Err(RuntimeError::BadRange(format!("global size {d} is zero")));
        }
        global[d] = r.global[d];
        offset[d] = r.offset[d];
    }
    let reqd = reqd.map(|q| [q[0] as u64, q[1] as u64, q[2] as u64]);
    let local = match (r.local, reqd) {
        (Some(l), _) => {
            let mut local = [1u64; 3];
            local[..n].copy_from_slice(&l[..n]);
            if let Some(q) = reqd {
                if local != q {
                    return Err(RuntimeError::BadRange(format!(
                        "local size {local:?} differs from the kernel's reqd_work_group_size {q:?}"
                    )));
                }
            }
            local
        }
        (None, Some(q)) => q,
        (None, None) => default_local_size(r.work_dim, global),
    };
    for d in 0..3 {
        if local[d] == 0 {
            return Err(RuntimeError::BadRange(format!("local size {d} is zero")));
        }
        if !global[d].is_multiple_of(local[d]) {
            return Err(RuntimeError::BadRange(format!(
                "local size {} does not divide global size {} in dimension {d}",
                local[d], global[d]
            )));
        }
    }
    let total = local[0].saturating_mul(local[1]).saturating_mul(local[2]);
    if total > MAX_WORK_GROUP_SIZE {
        return Err(RuntimeError::LocalSizeTooLarge {
            total,
            max: MAX_WORK_GROUP_SIZE,
        });
    }
    Ok(Resolved {
        work_dim: r.work_dim,
        global,
        local,
        offset,
        groups: [
            global[0] / local[0],
            global[1] / local[1],
            global[2] / local[2],
        ],
    })
}

/// The id of work-group `g` (numbered x fastest) in a grid of `groups`.
pub(crate) fn group_id(g: u64, groups: [u64; 3]) -> [u64; 3] {
    if groups[1] == 1 && groups[2] == 1 {
        return [g, 0, 0];
    }
    let (rest, x) = (g / groups[0], g % groups[0]);
    if groups[2] == 1 {
        return [x, rest, 0];
    }
    [x, rest % groups[1], rest / groups[1]]
}

/// Steps `id` to the next work-group (x fastest) in a grid of `groups`.
pub(crate) fn next_group_id(id: &mut [u64; 3], groups: [u64; 3]) {
    id[0] += 1;
    if id[0] == groups[0] {
        id[0] = 0;
        id[1] += 1;
        if id[1] == groups[1] {
            id[1] = 0;
            id[2] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{group_id, next_group_id};

    /// Counting from any work-group gives the ids division gives (x fastest), in 1-, 2-
    /// and 3-D grids.
    #[test]
    fn group_ids_by_counting_match_division() {
        for groups in [[5, 1, 1], [3, 4, 1], [2, 3, 4], [1, 1, 3], [1, 2, 1]] {
            let total = groups[0] * groups[1] * groups[2];
            for start in 0..total {
                let mut id = group_id(start, groups);
                for g in start..total {
                    let want = [
                        g % groups[0],
                        (g / groups[0]) % groups[1],
                        g / (groups[0] * groups[1]),
                    ];
                    assert_eq!(id, want, "group {g} of {groups:?}");
                    next_group_id(&mut id, groups);
                }
            }
        }
    }
}
