//! The undo and redo lists, with the autosave's text of each step made once.

use super::Step;

/// An undo or redo list, with the snapshot text of its steps made once per step: the
/// autosave after each move costs the same after fifty games as after one (see
/// [`to_snapshot`](Session::to_snapshot)).
#[derive(Default)]
pub(super) struct Stack {
    pub(super) steps: Vec<Step>,
    /// The text of the bottom steps, extended when a snapshot is made and cut back when
    /// steps are popped. Behind a mutex because a snapshot only reads the session.
    rendered: std::sync::Mutex<Rendered>,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Rendered {
    text: String,
    /// Where each rendered step's line ends in `text`.
    ends: Vec<usize>,
}

/// The steps: the text made of them is a cache, not part of the session's state.
impl std::fmt::Debug for Stack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.steps).finish()
    }
}

impl Clone for Stack {
    fn clone(&self) -> Stack {
        Stack {
            steps: self.steps.clone(),
            rendered: std::sync::Mutex::new(
                self.rendered.lock().map(|r| r.clone()).unwrap_or_default(),
            ),
        }
    }
}

impl Stack {
    pub(super) fn push(&mut self, step: Step) {
        self.steps.push(step);
    }

    pub(super) fn pop(&mut self) -> Option<Step> {
        let step = self.steps.pop()?;
        self.forget_from(self.steps.len());
        Some(step)
    }

    pub(super) fn clear(&mut self) {
        self.steps.clear();
        self.forget_from(0);
    }

    pub(super) fn last(&self) -> Option<&Step> {
        self.steps.last()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Drops the text of steps `n` and above.
    pub(super) fn forget_from(&mut self, n: usize) {
        let rendered = self
            .rendered
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if rendered.ends.len() > n {
            rendered.ends.truncate(n);
            rendered
                .text
                .truncate(rendered.ends.last().copied().unwrap_or(0));
        }
    }

    /// Appends every step's line to `out`, making only the lines not made before.
    pub(super) fn render(&self, out: &mut String, line: impl Fn(&Step) -> String) {
        let mut rendered = self
            .rendered
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for step in &self.steps[rendered.ends.len()..] {
            let text = line(step);
            rendered.text.push_str(&text);
            let end = rendered.text.len();
            rendered.ends.push(end);
        }
        out.push_str(&rendered.text);
    }
}
