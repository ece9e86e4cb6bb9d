//! One way to run work off the frame, for every game: a [`Job`] runs on a thread of its
//! own, keyed by what it was asked about; a system takes its answer when it comes, the
//! window is woken for it (it sleeps until input otherwise), a job asked again replaces
//! the one before (whose answer is dropped, never taken for the new question's), and a
//! job can be told to stop.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

/// Wakes the window, asleep until input, when an answer comes from a thread (none
/// headless: there the frames run on their own).
#[derive(Clone)]
pub struct Wake(Arc<Mutex<Option<WinitProxy>>>);

type WinitProxy = bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent>;

/// The window's waker, kept once the app starts: any system can start a job that
/// wakes the window without asking for it.
static WINDOW: Mutex<Option<WinitProxy>> = Mutex::new(None);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, remember_window);
}

fn remember_window(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    if let (Ok(mut window), Some(proxy)) = (WINDOW.lock(), proxy) {
        *window = Some((**proxy).clone());
    }
}

impl Wake {
    /// The waker of the app's window (none headless).
    pub fn window() -> Wake {
        let proxy = WINDOW.lock().ok().and_then(|w| w.clone());
        Wake(Arc::new(Mutex::new(proxy)))
    }

    /// The window's waker (a system asks for `Option<Res<EventLoopProxyWrapper>>`).
    pub fn of(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) -> Wake {
        Wake(Arc::new(Mutex::new(proxy.map(|p| (**p).clone()))))
    }

    /// The window's waker, found in the world (an exclusive system).
    pub fn in_world(world: &World) -> Wake {
        let proxy = world.get_resource::<bevy::winit::EventLoopProxyWrapper>();
        Wake(Arc::new(Mutex::new(proxy.map(|p| (**p).clone()))))
    }

    /// Wakes the window.
    pub fn wake(&self) {
        if let Ok(proxy) = self.0.lock()
            && let Some(p) = proxy.as_ref()
        {
            let _ = p.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }
    }
}

/// What [`Job::take`] finds.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken<T> {
    /// Nothing asked, or the answer is still to come.
    Waiting,
    /// The answer, and the key it was asked with.
    Came(u64, T),
    /// The thread ended without an answer (it panicked): nothing will come.
    Lost,
}

/// A job on its thread (see the [module](self)); kept in a resource.
pub struct Job<T> {
    /// The key of the job asked last.
    asked: Option<u64>,
    /// In a mutex only for the resource's `Sync`.
    coming: Option<Mutex<Receiver<(u64, T)>>>,
    /// Set when the job is told to stop (a long job looks between its steps).
    cancel: Arc<AtomicBool>,
}

impl<T> Default for Job<T> {
    fn default() -> Self {
        Job {
            asked: None,
            coming: None,
            cancel: Arc::default(),
        }
    }
}

impl<T: Send + 'static> Job<T> {
    /// Whether an answer is still to come.
    pub fn busy(&self) -> bool {
        self.coming.is_some()
    }

    /// The key of the job asked last (its answer may have come).
    pub fn asked(&self) -> Option<u64> {
        self.asked
    }

    /// Runs `work` on a thread of its own for `key`, waking the window with its answer.
    /// A job still running is told to stop, and its answer will not be taken.
    pub fn start(
        &mut self,
        (key, wake): (u64, Wake),
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) {
        self.stop();
        let (send, receive) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let told = Arc::clone(&cancel);
        std::thread::spawn(move || {
            let answer = work(&told);
            // The window may be gone, or the job replaced: then nobody is waiting.
            if send.send((key, answer)).is_ok() {
                wake.wake();
            }
        });
        self.asked = Some(key);
        self.coming = Some(Mutex::new(receive));
        self.cancel = cancel;
    }

    /// The answer, once it has come (then the job is done).
    pub fn take(&mut self) -> Taken<T> {
        let Some(coming) = &self.coming else {
            return Taken::Waiting;
        };
        let taken = match coming.lock().map(|r| r.try_recv()) {
            Ok(Ok((key, answer))) => Taken::Came(key, answer),
            Ok(Err(TryRecvError::Empty)) => return Taken::Waiting,
            Ok(Err(TryRecvError::Disconnected)) | Err(_) => Taken::Lost,
        };
        self.coming = None;
        taken
    }

    /// Forgets what was asked last: the same key may be asked again.
    pub fn forget(&mut self) {
        self.asked = None;
    }

    /// Tells the job running to stop; its answer is dropped.
    pub fn stop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.coming = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait<T: Send + 'static>(job: &mut Job<T>) -> Taken<T> {
        for _ in 0..500 {
            match job.take() {
                Taken::Waiting => std::thread::sleep(std::time::Duration::from_millis(2)),
                other => return other,
            }
        }
        panic!("no answer");
    }

    fn no_window() -> Wake {
        Wake(Arc::new(Mutex::new(None)))
    }

    #[test]
    fn an_answer_comes_once_with_its_key_and_a_replaced_job_is_never_taken() {
        let mut job = Job::default();
        assert_eq!(job.take(), Taken::Waiting);
        // The first job waits until it is told to stop, then answers: too late.
        job.start((1, no_window()), |cancel: &AtomicBool| {
            while !cancel.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            "stale"
        });
        assert!(job.busy());
        job.start((2, no_window()), |_: &AtomicBool| "fresh");
        assert_eq!(job.asked(), Some(2));
        assert_eq!(wait(&mut job), Taken::Came(2, "fresh"));
        assert!(!job.busy());
        assert_eq!(job.take(), Taken::Waiting);
    }

    #[test]
    fn a_job_that_panics_is_lost_not_waited_for() {
        let mut job: Job<u8> = Job::default();
        job.start((7, no_window()), |_: &AtomicBool| panic!("a bug"));
        assert_eq!(wait(&mut job), Taken::Lost);
    }
}
