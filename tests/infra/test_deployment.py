"""The deployment files: compose validates and keeps its promises, the Kubernetes manifests pass a
schema check, and the two Dockerfiles share their code layers."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from worker import queues
from worker.celeryconfig import time_limits, turn_task_limits

REPO = Path(__file__).resolve().parents[2]
INFRA = REPO / "infra"
K8S = INFRA / "k8s"
K8S_VERSIONS = ("1.28.0", "1.33.0")  # the oldest and a current minor we support
CRD_GROUPS = ("keda.sh/",)  # custom resources: no schema in kubernetes-validate (checked by hand, see README)

yaml = pytest.importorskip("yaml", reason="PyYAML is in the test extra: pip install -e '.[test]'")


def compose() -> dict[str, Any]:
    return yaml.safe_load((INFRA / "docker-compose.yml").read_text())


def k8s_documents() -> list[tuple[str, dict[str, Any]]]:
    docs = []
    for path in sorted(K8S.glob("*.yaml")):
        docs += [(path.name, d) for d in yaml.safe_load_all(path.read_text()) if d]
    return docs


# -- docker compose ----------------------------------------------------------------------------------------
def compose_command() -> list[str] | None:
    if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


def test_compose_config_validates_with_every_profile(tmp_path: Path) -> None:
    command = compose_command()
    if command is None:
        pytest.skip("neither `docker compose` nor `docker-compose` is installed")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DRUGPILOT_ENV_FILE": ".env.example"}
    profiles = [a for p in ("cpu", "gpu", "slack", "teams", "monitoring") for a in ("--profile", p)]
    out = subprocess.run([*command, "--env-file", str(INFRA / ".env.example"), "-f", str(INFRA / "docker-compose.yml"),
                          *profiles, "config", "--quiet"], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    empty = tmp_path / "empty.env"
    empty.write_text("")
    missing = subprocess.run([*command, "--env-file", str(empty), "-f", str(INFRA / "docker-compose.yml"), "config",
                              "--quiet"], cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert missing.returncode != 0 and "REDIS_PASSWORD" in missing.stderr  # a password is required


def test_compose_services_keep_their_promises() -> None:
    services = compose()["services"]
    long_running = {n: s for n, s in services.items() if n != "ollama-pull"}
    for name, service in long_running.items():
        assert "healthcheck" in service, name
        assert service.get("restart") == "unless-stopped", name
    app = {n: s for n, s in services.items() if str(s.get("image", "")).startswith("drugpilot:")}
    assert set(app) == {"agent-worker", "gpu-worker", "gpu-worker-cpu", "slack", "delivery-slack", "teams",
                        "delivery-teams"}
    for name, service in app.items():
        assert service["env_file"] == "${DRUGPILOT_ENV_FILE:-.env}", name
        assert service["environment"]["DRUGPILOT_REDIS_URL"].startswith("redis://:${REDIS_PASSWORD"), name
        # RabbitMQ is the broker unless infra/.env names another (Redis-only)
        assert service["environment"]["DRUGPILOT_BROKER_URL"] == (
            "${DRUGPILOT_BROKER_URL:-amqp://drugpilot:${RABBITMQ_PASSWORD}@rabbitmq:5672/drugpilot}"), name
        assert service["depends_on"]["redis"]["condition"] == "service_healthy", name
        assert service["depends_on"]["rabbitmq"]["condition"] == "service_healthy", name

    gpu, cpu = services["gpu-worker"], services["gpu-worker-cpu"]
    assert gpu["command"] == cpu["command"] == ["drugpilot", "worker", "--queues", queues.GPU, "--concurrency", "1"]
    [device] = gpu["deploy"]["resources"]["reservations"]["devices"]
    assert device == {"driver": "nvidia", "count": 1, "capabilities": ["gpu"]}
    assert "deploy" not in cpu and gpu["profiles"] == ["gpu"] and cpu["profiles"] == ["cpu"]
    assert gpu["image"] == "drugpilot:cuda" and cpu["image"] == "drugpilot:cpu"
    assert services["agent-worker"]["command"][:4] == ["drugpilot", "worker", "--queues", queues.AGENT]
    for platform in ("slack", "teams"):
        assert services[platform]["command"] == ["drugpilot", platform, "--no-delivery-worker"]
        assert f"replies.{platform}" in services[f"delivery-{platform}"]["command"]
    assert services["ollama"]["environment"]["OLLAMA_CONTEXT_LENGTH"] == "8192"
    assert services["ollama-gpu"]["networks"]["default"]["aliases"] == ["ollama"]
    assert "ollama pull" in services["ollama-pull"]["command"][0]

    redis_conf = (INFRA / "redis" / "redis.conf").read_text().split("\n")
    assert "appendonly yes" in redis_conf and "maxmemory-policy noeviction" in redis_conf
    assert "maxmemory 1536mb" in redis_conf and services["redis"]["mem_limit"] == "2g"
    rabbitmq = services["rabbitmq"]
    assert "RABBITMQ_PASSWORD:?" in rabbitmq["environment"]["RABBITMQ_DEFAULT_PASS"]
    assert any(v.endswith(":/var/lib/rabbitmq") for v in rabbitmq["volumes"])  # quorum queues on a volume
    rabbit_conf = (INFRA / "rabbitmq" / "rabbitmq.conf").read_text()
    assert int(re.search(r"^consumer_timeout = (\d+)$", rabbit_conf, re.M).group(1)) / 1000 > turn_task_limits(
        600, 120)["time_limit"]  # a turn that waits on its model calls is not cut off by the broker
    assert "--requirepass" in " ".join(services["redis"]["command"])


def test_compose_env_example_names_every_interpolated_secret() -> None:
    text = (INFRA / ".env.example").read_text()
    for name in ("REDIS_PASSWORD=", "RABBITMQ_PASSWORD=", "FLOWER_BASIC_AUTH=", "DRUGPILOT_OLLAMA_MODEL="):
        assert f"\n{name}" in text


# -- Dockerfiles --------------------------------------------------------------------------------------------
MARKER = "# ---- shared layers:"


def test_dockerfiles_share_their_code_layers() -> None:
    cpu = (INFRA / "docker" / "Dockerfile.cpu").read_text()
    cuda = (INFRA / "docker" / "Dockerfile.cuda").read_text()
    assert cpu.split(MARKER, 1)[1] == cuda.split(MARKER, 1)[1]
    shared = cpu.split(MARKER, 1)[1]
    assert "COPY model_zoo ./model_zoo" in shared and "pip install --no-deps --no-build-isolation -e ." in shared
    assert "\nUSER 10001:10001\n" in shared
    assert cpu.startswith("# syntax=docker/dockerfile:1") and "FROM python:3.11-slim" in cpu
    assert "download.pytorch.org/whl/cpu" in cpu and "TORCH_VERSION=2.13.0" in cpu
    assert "FROM nvidia/cuda:" in cuda and "-runtime-" in cuda and "TORCH_VERSION=2.13.0" in cuda


def test_dockerignore_keeps_out_local_state_but_not_the_weights() -> None:
    lines = set((REPO / ".dockerignore").read_text().splitlines())
    assert {".git", ".venv", ".env", "**/.env", "drugpilot-output", "tests"} <= lines
    assert not any(line.startswith(("model_zoo", "agent", "bot", "worker", "pyproject")) for line in lines)
    assert any((REPO / "model_zoo" / "weights").rglob("*.pt"))


# -- Kubernetes ---------------------------------------------------------------------------------------------
def test_kubernetes_manifests_pass_the_schema_check() -> None:
    kv = pytest.importorskip("kubernetes_validate", reason="kubernetes-validate is in the test extra")
    checked = skipped = 0
    for name, doc in k8s_documents():
        if doc.get("kind") == "Kustomization":
            continue
        if doc["apiVersion"].startswith(CRD_GROUPS):
            skipped += 1
            continue
        for version in K8S_VERSIONS:
            try:
                kv.validate(doc, version, strict=True)
            except kv.ValidationError as exc:
                pytest.fail(f"{name}: {doc['kind']}/{doc['metadata']['name']} (Kubernetes {version}): {exc}")
        checked += 1
    assert checked >= 20 and skipped == 2


def test_kustomization_lists_the_manifests() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    listed = set(kustomization["resources"])
    assert all((K8S / r).is_file() for r in listed)
    optional = {"kustomization.yaml", "secret.example.yaml", "gpu-worker-keda.yaml"}
    assert listed | optional == {p.name for p in K8S.glob("*.yaml")}


def test_gpu_worker_gets_one_gpu_and_time_to_finish_its_call() -> None:
    docs = {(d["kind"], d["metadata"]["name"]): d for _, d in k8s_documents() if "metadata" in d}
    pod = docs[("Deployment", "gpu-worker")]["spec"]["template"]["spec"]
    [container] = pod["containers"]
    assert container["resources"]["limits"]["nvidia.com/gpu"] == 1
    assert container["args"] == ["drugpilot", "worker", "--queues", queues.GPU, "--concurrency", "1"]
    _, hard, visibility = time_limits(600)
    assert pod["terminationGracePeriodSeconds"] >= hard
    [trigger] = docs[("ScaledObject", "gpu-worker")]["spec"]["triggers"]
    assert trigger["type"] == "rabbitmq" and trigger["metadata"]["queueName"] == queues.GPU
    assert "consumer_timeout = 10800000" in docs[("ConfigMap", "rabbitmq-config")]["data"]["rabbitmq.conf"]
    assert "maxmemory-policy noeviction" in docs[("ConfigMap", "redis-config")]["data"]["redis.conf"]
    for (kind, name), doc in docs.items():
        if kind == "Deployment" and doc["spec"]["template"]["spec"]["containers"][0]["image"].startswith("drugpilot"):
            env = {e["name"]: e.get("value") for e in doc["spec"]["template"]["spec"]["containers"][0]["env"]}
            assert env["DRUGPILOT_REDIS_URL"] == "redis://:$(REDIS_PASSWORD)@redis:6379/0", name
            assert env["DRUGPILOT_BROKER_URL"] == "amqp://drugpilot:$(RABBITMQ_PASSWORD)@rabbitmq:5672/drugpilot", name
