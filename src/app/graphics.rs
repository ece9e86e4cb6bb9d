//! Which graphics backend the window draws with, chosen before the window opens.
//!
//! Bevy asks one backend for a device and panics when it cannot be made: on Windows,
//! DirectX 12 under a virtual machine, a remote desktop or an old driver reports an
//! adapter whose device is then lost (`RequestDeviceError { Device(Lost) }`). Here each
//! backend is tried in turn, the first whose device is made is handed to Bevy as it is
//! (no second device), and when none is, the player is told which failed and why.

use bevy::render::renderer::{
    RenderAdapter, RenderAdapterInfo, RenderInstance, RenderQueue, WgpuWrapper,
};
use bevy::render::settings::{RenderResources, WgpuSettings, WgpuSettingsPriority};
use std::sync::Arc;
use wgpu::{Backends, InstanceFlags};

/// A backend to try: its name for the player and the log, and how to ask for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub name: &'static str,
    pub backends: Backends,
    /// The backend's software adapter (DirectX 12's WARP), not a GPU.
    pub software: bool,
}

/// Why one backend gave no device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub name: &'static str,
    pub why: String,
}

/// Every backend tried and why each failed, as the message box's details say it.
#[must_use]
pub fn details(refusals: &[Refusal]) -> String {
    refusals
        .iter()
        .map(|r| format!("{}: {}", r.name, r.why))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The backends to try, in order. `WGPU_BACKEND` (wgpu's own variable) names the only
/// one, for a player or a test that wants it. On Windows DirectX 12 first (the driver
/// every Windows 10 machine has), then Vulkan, then OpenGL (what Wine, old Intel GPUs
/// and remote desktops still give), then DirectX 12's software adapter (slow, but a
/// board game draws little). Elsewhere the one backend built in.
#[must_use]
pub fn candidates(from_env: Option<Backends>, windows: bool) -> Vec<Candidate> {
    let c = |name, backends, software| Candidate {
        name,
        backends,
        software,
    };
    match from_env {
        Some(backends) => vec![c("WGPU_BACKEND", backends, false)],
        None if windows => vec![
            c("DirectX 12", Backends::DX12, false),
            c("Vulkan", Backends::VULKAN, false),
            c("OpenGL", Backends::GL, false),
            c("DirectX 12 (software)", Backends::DX12, true),
        ],
        None => vec![c("Vulkan", Backends::all(), false)],
    }
}

/// The device chosen, and what was refused before it (for the log: the window's own
/// log starts later, with the app).
pub struct Chosen {
    pub resources: RenderResources,
    pub name: &'static str,
    pub refusals: Vec<Refusal>,
}

impl Chosen {
    /// What the log says of it once the app has a log.
    #[must_use]
    pub fn told(&self) -> String {
        let info = &self.resources.2;
        let mut told = format!(
            "graphics: {} ({:?} on {}, {:?})",
            self.name, info.backend, info.name, info.device_type
        );
        if !self.refusals.is_empty() {
            told += &format!(", after {}", details(&self.refusals));
        }
        told
    }
}

/// The first candidate whose device is made; or why each failed.
pub fn choose(candidates: &[Candidate]) -> Result<Chosen, Vec<Refusal>> {
    let mut refusals = Vec::new();
    for candidate in candidates {
        // A driver may panic instead of answering: that too is a refusal, not the end.
        let made = std::panic::catch_unwind(|| bevy::tasks::block_on(make(*candidate)));
        let why = match made {
            Ok(Ok(resources)) => {
                return Ok(Chosen {
                    resources,
                    name: candidate.name,
                    refusals,
                });
            }
            Ok(Err(why)) => why,
            Err(panic) => panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "the driver stopped".to_owned()),
        };
        refusals.push(Refusal {
            name: candidate.name,
            why,
        });
    }
    Err(refusals)
}

/// wgpu's "no adapter" without the backends that were not asked for: "No suitable
/// graphics adapter found; dx12 drivers/libraries could not be loaded".
fn brief(why: &str) -> String {
    let Some((head, backends)) = why.split_once("; ") else {
        return why.to_owned();
    };
    let asked: Vec<&str> = backends
        .split(", ")
        .filter(|b| !b.ends_with("not requested"))
        .collect();
    if asked.is_empty() {
        head.to_owned()
    } else {
        format!("{head}; {}", asked.join(", "))
    }
}

/// An instance, adapter and device for one candidate, asked for as Bevy asks (its
/// settings, the adapter's features and limits), so that what works here works there.
async fn make(candidate: Candidate) -> Result<RenderResources, String> {
    let settings = WgpuSettings::default();
    let mut flags = settings.instance_flags;
    // Bevy keeps indirect-call validation only where DirectX 12 needs it.
    if !cfg!(debug_assertions) && !candidate.backends.contains(Backends::DX12) {
        flags.remove(InstanceFlags::VALIDATION_INDIRECT_CALL);
    }
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: candidate.backends,
        flags,
        memory_budget_thresholds: settings.instance_memory_budget_thresholds,
        display: None,
        backend_options: wgpu::BackendOptions {
            gl: wgpu::GlBackendOptions {
                gles_minor_version: settings.gles3_minor_version,
                fence_behavior: wgpu::GlFenceBehavior::Normal,
                debug_fns: wgpu::GlDebugFns::Auto,
            },
            dx12: wgpu::Dx12BackendOptions {
                shader_compiler: settings.dx12_shader_compiler.clone(),
                ..wgpu::Dx12BackendOptions::from_env_or_default()
            },
            noop: wgpu::NoopBackendOptions { enable: false },
        },
    });
    let adapter = instance
        .request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: settings.power_preference,
            compatible_surface: None,
            force_fallback_adapter: candidate.software,
        })
        .await
        .map_err(|e| brief(&e.to_string()))?;
    let info = adapter.get_info();
    if candidate.software && info.device_type != wgpu::DeviceType::Cpu {
        return Err(format!("no software adapter ({})", info.name));
    }
    let mut features = settings.features;
    let mut limits = settings.limits.clone();
    if matches!(settings.priority, WgpuSettingsPriority::Functionality) {
        features |= adapter.features();
        // Slow across a discrete GPU's bus (as Bevy leaves it out).
        if info.device_type == wgpu::DeviceType::DiscreteGpu {
            features.remove(wgpu::Features::MAPPABLE_PRIMARY_BUFFERS);
        }
        limits = adapter.limits();
    }
    let (device, queue) = adapter
        .request_device(&wgpu::DeviceDescriptor {
            label: None,
            required_features: features,
            required_limits: limits,
            // SAFETY: as Bevy asks for its own device (bevy_render's initialize_renderer).
            experimental_features: unsafe { wgpu::ExperimentalFeatures::enabled() },
            memory_hints: settings.memory_hints.clone(),
            trace: wgpu::Trace::Off,
        })
        .await
        .map_err(|e| format!("{} ({}): {e}", info.name, info.backend))?;
    Ok(RenderResources(
        device.into(),
        RenderQueue(Arc::new(WgpuWrapper::new(queue))),
        RenderAdapterInfo(WgpuWrapper::new(info)),
        RenderAdapter(Arc::new(WgpuWrapper::new(adapter))),
        RenderInstance(Arc::new(WgpuWrapper::new(instance))),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_tries_directx_vulkan_opengl_then_software_and_the_environment_names_one() {
        let names = |cs: Vec<Candidate>| cs.iter().map(|c| c.name).collect::<Vec<_>>();
        assert_eq!(
            names(candidates(None, true)),
            ["DirectX 12", "Vulkan", "OpenGL", "DirectX 12 (software)"]
        );
        let last = candidates(None, true)[3];
        assert!(last.software && last.backends == Backends::DX12);
        assert_eq!(
            candidates(Some(Backends::VULKAN), true),
            [Candidate {
                name: "WGPU_BACKEND",
                backends: Backends::VULKAN,
                software: false
            }]
        );
        assert_eq!(candidates(None, false).len(), 1);
    }

    #[test]
    fn a_missing_adapter_says_only_what_the_backend_asked_for_found() {
        let wgpu = "No suitable graphics adapter found; noop not requested, vulkan not \
                    requested, metal not requested, dx12 drivers/libraries could not be \
                    loaded, gl not requested, webgpu not requested";
        assert_eq!(
            brief(wgpu),
            "No suitable graphics adapter found; dx12 drivers/libraries could not be loaded"
        );
        assert_eq!(brief("Parent device is lost"), "Parent device is lost");
    }

    #[test]
    fn every_refusal_is_named_in_the_details() {
        let refusals = [
            Refusal {
                name: "DirectX 12",
                why: "Device(Lost)".into(),
            },
            Refusal {
                name: "Vulkan",
                why: "no adapter".into(),
            },
        ];
        assert_eq!(
            details(&refusals),
            "DirectX 12: Device(Lost); Vulkan: no adapter"
        );
    }
}
