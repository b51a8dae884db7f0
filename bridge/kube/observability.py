"""Prometheus metrics, /healthz and /readyz on one HTTP port, and structured JSON logs (every record
passed through the Redactor: no secret value, capped at :data:`~bridge.kube.redact.LOG_LIMIT`)."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, Metric

from bridge.kube.redact import LOG_LIMIT, Redactor


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.reconciles = Counter("tfbridge_reconcile_total", "Reconciles by controller and result.",
                                  ["controller", "result"], registry=r)
        self.reconcile_errors = Counter("tfbridge_reconcile_errors_total", "Reconciles that failed.",
                                        ["controller"], registry=r)
        self.reconcile_seconds = Histogram("tfbridge_reconcile_duration_seconds", "Reconcile duration.",
                                           ["controller"], registry=r,
                                           buckets=(0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60))
        self.queue_depth = Gauge("tfbridge_workqueue_depth", "Keys waiting in the work queue.", ["controller"],
                                 registry=r)
        self.busy = Gauge("tfbridge_workers_busy", "Reconcile workers busy.", ["controller"], registry=r)
        self.ops_in_flight = Gauge("tfbridge_operations_in_flight", "Create/update/delete operations running.",
                                   registry=r)
        self.op_seconds = Histogram("tfbridge_operation_duration_seconds", "Operation duration.", ["verb", "result"],
                                    registry=r, buckets=(1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800))

    # the controller's Observer protocol
    def reconciled(self, controller: str, seconds: float, error: str | None) -> None:
        self.reconciles.labels(controller, "error" if error else "success").inc()
        if error:
            self.reconcile_errors.labels(controller).inc()
        self.reconcile_seconds.labels(controller).observe(seconds)

    def queue(self, controller: str, depth: int, busy: int) -> None:
        self.queue_depth.labels(controller).set(depth)
        self.busy.labels(controller).set(busy)

    def add_terraform_runs(self, runs: Callable[[], dict[str, int]]) -> None:
        class _Runs:
            def collect(self) -> Iterable[Metric]:
                family = CounterMetricFamily("tfbridge_terraform_runs", "terraform CLI runs by verb.",
                                             labels=["verb"])
                for verb, count in sorted(runs().items()):
                    family.add_metric([verb], count)
                yield family

        self.registry.register(_Runs())


class HealthServer:
    """``/metrics``, ``/healthz`` (alive) and ``/readyz`` (``ready()`` is true)."""

    def __init__(self, metrics: Metrics, ready: Callable[[], bool], *, port: int) -> None:
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                if self.path == "/metrics":
                    code, body, kind = 200, generate_latest(metrics.registry), "text/plain; version=0.0.4"
                elif self.path == "/healthz":
                    code, body, kind = 200, b"ok", "text/plain"
                elif self.path == "/readyz":
                    ok = ready()
                    code, body, kind = (200 if ok else 503), (b"ok" if ok else b"not ready"), "text/plain"
                else:
                    code, body, kind = 404, b"not found", "text/plain"
                self.send_response(code)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("0.0.0.0", port), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]

    def start(self) -> None:
        threading.Thread(target=self.httpd.serve_forever, daemon=True, name="health").start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class JSONFormatter(logging.Formatter):
    _STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}

    def __init__(self, redactor: Redactor | None = None) -> None:
        super().__init__()
        self.redactor = redactor or Redactor()

    def format(self, record: logging.LogRecord) -> str:
        # The whole line at once: message, extra fields and traceback alike.
        return self.redactor(self._line(record), LOG_LIMIT)

    def _line(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {"ts": round(record.created, 3), "level": record.levelname.lower(),
                                 "logger": record.name, "msg": record.getMessage()}
        entry.update({k: v for k, v in record.__dict__.items() if k not in self._STANDARD})
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def configure_logging(level: str = "info", redactor: Redactor | None = None) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JSONFormatter(redactor))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
