//! A click must never wait for the next one. On X11, winit checks Xlib's event queue
//! and then sleeps on the connection's socket. The window sleeps for as long as nothing
//! runs (no frame at all when idle), and the Vulkan driver's present thread (Mesa's
//! X11 WSI, waiting for the last frame's present to complete) reads the same socket:
//! when it reads a click between winit's check and winit's sleep, the click sits in
//! the queue and the socket is quiet, so the window slept through it until the next
//! input. Seen as a click never answered under Xvfb; a player sees a click ignored
//! until the mouse moves.
//!
//! A watcher thread looks at the queue twice after the last frame (the present thread
//! reads only while a frame is presented) and wakes the event loop when events sit in
//! it unread across two looks. Otherwise it waits on a condition variable: an idle
//! window uses no CPU at all, a busy one is not looked at.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::winit::{DisplayHandleWrapper, EventLoopProxyWrapper, WinitUserEvent};
use raw_window_handle::{HasDisplayHandle, RawDisplayHandle};

/// When the queue is looked at, after the last frame: soon, and once more a little later
/// (the keys CI saw read away were found at the first look, 250 ms after their frame).
/// A new frame starts the count again, so a busy window is not looked at at all. Then
/// the watcher sleeps: the idle window's test measures from two seconds after the last
/// frame.
const LOOKS: [Duration; 2] = [Duration::from_millis(150), Duration::from_millis(600)];
/// Events seen queued are looked at again this much later: winit, awake, would have
/// taken them by then.
const AGAIN: Duration = Duration::from_millis(100);

/// When the last frame ran, shared with the watcher.
#[derive(Resource, Clone)]
struct Frames(Arc<(Mutex<Option<Instant>>, Condvar)>);

pub(crate) fn plugin(app: &mut App) {
    let (Some(display), Some(proxy)) = (
        app.world().get_resource::<DisplayHandleWrapper>(),
        app.world().get_resource::<EventLoopProxyWrapper>(),
    ) else {
        return;
    };
    let Ok(handle) = display.display_handle() else {
        return;
    };
    let RawDisplayHandle::Xlib(xlib) = handle.as_raw() else {
        return;
    };
    let Some(dpy) = xlib.display else {
        return;
    };
    let Ok(lib) = x11_dl::xlib::Xlib::open() else {
        return;
    };
    let frames = Frames(Arc::default());
    // The handle's clone keeps the X connection open as long as the thread lives.
    let keep = display.0.clone();
    let proxy = (**proxy).clone();
    let shared = frames.clone();
    let dpy = Dpy(dpy.as_ptr().cast());
    let spawned = std::thread::Builder::new()
        .name("x11 wake".into())
        .spawn(move || {
            let _keep = keep;
            watch(
                &shared,
                || dpy.queued(&lib),
                || proxy.send_event(WinitUserEvent::WakeUp).is_ok(),
            );
        });
    if spawned.is_ok() {
        app.insert_resource(frames).add_systems(Last, note_frame);
    }
}

/// Xlib's `QueuedAfterReading` (X11/Xlib.h), which x11-dl does not name.
const QUEUED_AFTER_READING: i32 = 1;

/// The connection's `Display*`, handed to the watcher.
struct Dpy(*mut x11_dl::xlib::Display);

// SAFETY: winit opens the connection after `XInitThreads`, so Xlib locks the display
// around each call; the connection stays open while the watcher holds its handle.
unsafe impl Send for Dpy {}

impl Dpy {
    /// Events read from the socket and not yet taken by winit. `QueuedAfterReading`
    /// also moves what xcb already read into Xlib's queue, where winit's next look
    /// finds it; it never blocks.
    fn queued(&self, lib: &x11_dl::xlib::Xlib) -> i32 {
        // SAFETY: see `Send` above; the call takes Xlib's display lock.
        unsafe { (lib.XEventsQueued)(self.0, QUEUED_AFTER_READING) }
    }
}

fn note_frame(frames: Res<Frames>) {
    let (last, ready) = &*frames.0;
    *last
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Instant::now());
    ready.notify_one();
}

/// Waits for frames; at each of [`LOOKS`] after the last one, wakes the loop when events
/// stay queued across two looks [`AGAIN`] apart. Returns when the loop is gone.
fn watch(frames: &Frames, mut queued: impl FnMut() -> i32, mut wake: impl FnMut() -> bool) {
    let (last, ready) = &*frames.0;
    // The frame watched, and how many of its looks are done.
    let mut watched: Option<(Instant, usize)> = None;
    loop {
        let frame = {
            let mut guard = last
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // Asleep until a frame runs once every look of the last is done.
            while guard.is_none()
                || watched.is_some_and(|(at, done)| Some(at) == *guard && done == LOOKS.len())
            {
                guard = ready
                    .wait(guard)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
            guard.unwrap_or_else(Instant::now)
        };
        let done = match watched {
            Some((at, done)) if at == frame => done,
            _ => 0,
        };
        watched = Some((frame, done + 1));
        let due = frame + LOOKS[done];
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        // A newer frame: its own looks begin.
        if last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .is_some_and(|at| at != frame)
        {
            continue;
        }
        if queued() > 0 {
            std::thread::sleep(AGAIN);
            if queued() > 0 {
                debug!(
                    "X events left unread {:?} after a frame: waking the loop",
                    frame.elapsed()
                );
                if !wake() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};

    #[test]
    fn events_left_in_the_queue_wake_the_loop_and_a_drained_queue_does_not() {
        let frames = Frames(Arc::default());
        let queue = Arc::new(AtomicI32::new(0));
        let wakes = Arc::new(AtomicU32::new(0));
        let thread = {
            let (frames, queue, wakes) = (frames.clone(), queue.clone(), wakes.clone());
            std::thread::spawn(move || {
                watch(
                    &frames,
                    || queue.load(Ordering::SeqCst),
                    || {
                        // Stop after the second wake: the loop is gone.
                        wakes.fetch_add(1, Ordering::SeqCst) < 1
                    },
                );
            })
        };
        let frame = || {
            *frames.0.0.lock().unwrap() = Some(Instant::now());
            frames.0.1.notify_one();
        };
        let after = |d: Duration| std::thread::sleep(d);
        // A frame, nothing queued: no wake through both looks.
        frame();
        after(LOOKS[1] + AGAIN * 2);
        assert_eq!(wakes.load(Ordering::SeqCst), 0);
        // A click left in the queue after a frame: woken at the first look.
        frame();
        queue.store(1, Ordering::SeqCst);
        after(LOOKS[0] + AGAIN * 2);
        assert_eq!(wakes.load(Ordering::SeqCst), 1);
        // Events taken between the two looks of one moment wake nothing.
        queue.store(0, Ordering::SeqCst);
        after(LOOKS[1]);
        assert_eq!(
            wakes.load(Ordering::SeqCst),
            1,
            "a drained queue wakes nothing"
        );
        // Until the loop is gone.
        queue.store(1, Ordering::SeqCst);
        frame();
        thread.join().unwrap();
        assert_eq!(wakes.load(Ordering::SeqCst), 2);
    }
}
