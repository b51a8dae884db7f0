"""A provider crash under a conformance job: the kind whose example crashed it, read from the panic's
stack, is failed as a provider bug in the panic's words; the kinds it failed beside it run again apart.
No cloud: the panics are the aws provider's own (hashicorp/aws 5.100.0 against moto), the jobs small
Python programs speaking the job protocol."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any

import pytest

from bridge.tfplugin.process import PANIC_FIELD
from conformance import jobs as conformance_jobs
from conformance.classes import MOTO, PROVIDER, TIMEOUT, reclassified
from conformance.crashes import (
    Crash,
    CrashWatch,
    attribute,
    blamed,
    holds,
    named_type,
    panic_words,
    settle,
)
from conformance.result import Result, result_to_json

# The start of each panic as the provider printed it (the stacks cut after the frames that matter).
# An SDK resource: the nil pointer in a flattener of the resource's own file.
MEDIAPACKAGE = """panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x16eea0ba]

goroutine 313 [running]:
github.com/hashicorp/terraform-provider-aws/internal/service/mediapackage.flattenHLSIngest(0xc009053500?)
	github.com/hashicorp/terraform-provider-aws/internal/service/mediapackage/channel.go:197 +0x1a
github.com/hashicorp/terraform-provider-aws/internal/service/mediapackage.resourceChannelRead({0x1e1dae28, 0xc0091ec2d0}, 0xc009053500, {0x1ba05d60?, 0xc0035f8500?})
	github.com/hashicorp/terraform-provider-aws/internal/service/mediapackage/channel.go:130 +0x45c
github.com/hashicorp/terraform-provider-aws/internal/provider.wrapResource.(*wrappedResource).create.interceptedHandler[...].func3(0xc009053500, {0x1ba05d60, 0xc0035f8500})
	github.com/hashicorp/terraform-provider-aws/internal/provider/intercept.go:114 +0x3b6
"""  # noqa: E501
# A framework resource, its type named for the resource.
PINPOINT = """panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x171dfed4]

goroutine 1181 [running]:
github.com/hashicorp/terraform-provider-aws/internal/service/pinpoint.(*resourceEmailTemplate).Create(0x1?, {0x1e1dae28, 0xc004f89260}, {{{{0x1e28a6a0, 0xc004f7f950}, {0x19911c80, 0xc004f7f0e0}}, ...}, ...}, ...)
	github.com/hashicorp/terraform-provider-aws/internal/service/pinpoint/email_template.go:128 +0x254
github.com/hashicorp/terraform-provider-aws/internal/provider/fwprovider.(*wrappedResource).Create.func1({0x1e1dae28?, 0xc004f89260?}, ...)
	github.com/hashicorp/terraform-provider-aws/internal/provider/fwprovider/wrap.go:293 +0x6a
"""  # noqa: E501
# The nil pointer in the SDK's middleware: the provider's own frame comes far down the stack.
CODECATALYST = """panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0xd21811]

goroutine 324 [running]:
github.com/aws/aws-sdk-go-v2/internal/auth/smithy.(*BearerTokenProviderAdapter).GetIdentity(0x0?, {0x1e1dae28?, 0xc005ab72c0?}, {0x4a890f?})
	github.com/aws/aws-sdk-go-v2@v1.36.3/internal/auth/smithy/bearer_token_adapter.go:37 +0x31
github.com/aws/aws-sdk-go-v2/service/codecatalyst.(*Client).CreateSourceRepository(0xc003586e00?, {0x1e1dae28?, 0xc005ab6600?}, 0x30?, {0x0?, 0x7f3e13424108?, 0x30?})
	github.com/aws/aws-sdk-go-v2/service/codecatalyst@v1.17.19/api_op_CreateSourceRepository.go:21 +0x10c
github.com/hashicorp/terraform-provider-aws/internal/service/codecatalyst.resourceSourceRepositoryCreate({0x1e1dae28, 0xc005ab6600}, 0xc002e1b000, {0x1ba05d60, 0xc003586e00})
	github.com/hashicorp/terraform-provider-aws/internal/service/codecatalyst/source_repository.go:80 +0x292
"""  # noqa: E501
# A resource whose service package is named otherwise than its type (aws_msk_* live in ``kafka``).
KAFKA = """panic: runtime error: invalid memory address or nil pointer dereference

goroutine 77 [running]:
github.com/hashicorp/terraform-provider-aws/internal/service/kafka.resourceServerlessClusterRead(...)
	github.com/hashicorp/terraform-provider-aws/internal/service/kafka/serverless_cluster.go:210 +0x1a
"""
# A panic in the plugin SDK's own code names no resource.
SDK_ONLY = """panic: interface conversion: interface {} is nil, not string

goroutine 12 [running]:
github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema.(*Resource).Apply(0xc001d5c200, ...)
	github.com/hashicorp/terraform-plugin-sdk/v2@v2.36.1/helper/schema/resource.go:969 +0xa69
"""
CHANNEL = "aws_media_package_channel"
# Terraform types the examples of kinds running beside the crasher make.
BESIDE = ["aws_kms_key", "aws_s3_bucket", "aws_iam_role", "aws_codepipeline", "aws_dynamodb_table",
          "aws_dynamodb_tag", "aws_s3tables_table_bucket_policy"]


@pytest.mark.parametrize(
    ("panic", "types", "want"),
    [
        pytest.param(MEDIAPACKAGE, [CHANNEL, *BESIDE], CHANNEL, id="ServicePackageAndFile"),
        pytest.param(PINPOINT, ["aws_pinpoint_email_template", "aws_pinpoint_app", *BESIDE],
                     "aws_pinpoint_email_template", id="FrameworkResourceType"),
        pytest.param(CODECATALYST, ["aws_codecatalyst_source_repository", "aws_codecatalyst_project", *BESIDE],
                     "aws_codecatalyst_source_repository", id="ProvidersFrameUnderTheSDKs"),
        pytest.param(KAFKA, ["aws_msk_serverless_cluster", "aws_msk_cluster", *BESIDE],
                     "aws_msk_serverless_cluster", id="PackageNamedOtherwise"),
        pytest.param(MEDIAPACKAGE, BESIDE, "", id="NoneOfTheTypesRunning"),
        pytest.param(SDK_ONLY, [CHANNEL, *BESIDE], "", id="NoProviderFrame"),
        pytest.param("", [CHANNEL], "", id="NoPanicPrinted"),
        pytest.param(KAFKA, ["aws_msk_serverless_cluster", "aws_redshiftserverless_serverless_cluster"], "",
                     id="TwoTypesEndingInTheSameNoun"),
    ],
)
def test_a_panic_names_the_type_whose_code_crashed(panic: str, types: list[str], want: str) -> None:
    assert named_type(panic, types) == want


@pytest.mark.parametrize(
    ("panic", "running", "want"),
    [
        pytest.param(MEDIAPACKAGE, {CHANNEL: [CHANNEL], "aws_codepipeline": BESIDE[:4]}, (CHANNEL,),
                     id="TheKindOfTheNamedType"),
        pytest.param(MEDIAPACKAGE, {"aws_x": ["aws_iam_role", CHANNEL, "aws_x"], "aws_y": ["aws_kms_key", "aws_y"],
                                    "aws_z": [CHANNEL, "aws_z"]}, ("aws_x", "aws_z"),
                     id="EveryKindWhoseExampleMakesIt"),
        pytest.param(SDK_ONLY, {CHANNEL: [CHANNEL], "aws_codepipeline": BESIDE[:4]}, (), id="NoneNamed"),
        pytest.param(SDK_ONLY, {CHANNEL: [CHANNEL]}, (CHANNEL,), id="TheOnlyKindRunning"),
    ],
)
def test_a_crash_is_blamed_on_the_kind_whose_example_the_stack_names(
        panic: str, running: dict[str, list[str]], want: tuple[str, ...]) -> None:
    crash = attribute(panic, running)
    assert crash.crashers == want
    assert crash.running == tuple(sorted(running))


def test_a_panics_words_are_its_first_line_and_the_providers_innermost_function() -> None:
    assert panic_words(MEDIAPACKAGE) == ("panic: runtime error: invalid memory address or nil pointer dereference "
                                         "in mediapackage.flattenHLSIngest")
    assert panic_words(SDK_ONLY) == "panic: interface conversion: interface {} is nil, not string"
    assert panic_words("") == "no panic printed"


def test_a_crashers_failure_stays_a_provider_bug_when_the_report_is_classified_again() -> None:
    crasher = blamed(_failed(CHANNEL, LOST), Crash(MEDIAPACKAGE, (CHANNEL,), (CHANNEL,)))
    assert crasher.failure_class == PROVIDER
    assert reclassified(crasher.failure, crasher.failure_class) == PROVIDER


def _failed(kind: str, message: str, step: str = "create") -> Result:
    return Result(kind, steps={step: "failed"}).fail(step, message)


PASSED = Result("aws_ok", steps=dict.fromkeys(("create", "reimport", "update", "delete"), "ok"))
GONE = "Key/c001-example-key: create failed: plan aws_kms_key: the provider process is gone (UNAVAILABLE) (after 0s)"
UNANSWERED = "TaskSet/c021-example-taskset: create failed: apply aws_ecs_task_set: the provider did not answer " \
             "(UNAVAILABLE) (after 3s)"
LOST = "Channel/c009-example-channel: cannot determine creation result - remove the " \
       "crossplane.io/external-create-pending annotation if it is safe to proceed"
UNSUPPORTED = "Thing/c003-example: create failed: api error NotImplemented: not yet implemented"
NAMED = Crash(MEDIAPACKAGE, (CHANNEL, "aws_a", "aws_b", "aws_c"), (CHANNEL,))
UNNAMED = Crash(SDK_ONLY, (CHANNEL, "aws_a", "aws_b"), ())


@pytest.mark.parametrize(
    ("held", "crashes", "rerun", "want"),
    [
        pytest.param([_failed(CHANNEL, LOST)], [NAMED], False,
                     {"results": [(CHANNEL, PROVIDER, "create: the provider crashed (panic: runtime error: invalid "
                                   "memory address or nil pointer dereference in mediapackage.flattenHLSIngest); "
                                   + LOST)], "again": [], "alone": []},
                     id="TheCrasherIsAProviderBugInThePanicsWords"),
        pytest.param([_failed("aws_a", GONE), _failed("aws_b", UNANSWERED), _failed("aws_c", LOST)], [NAMED], False,
                     {"results": [], "again": ["aws_a", "aws_b", "aws_c"], "alone": []},
                     id="VictimsRunAgainBesideEachOther"),
        pytest.param([_failed("aws_a", GONE), _failed("aws_b", UNSUPPORTED)], [NAMED], False,
                     {"results": [("aws_b", MOTO, "create: " + UNSUPPORTED)], "again": ["aws_a"], "alone": []},
                     id="AFailureInTheCloudsOwnWordsIsTheKindsOwn"),
        pytest.param([_failed("aws_a", GONE), _failed(CHANNEL, LOST)], [UNNAMED], False,
                     {"results": [], "again": [], "alone": ["aws_a", CHANNEL]},
                     id="WithNoCrasherNamedEachRunsAgainAlone"),
        pytest.param([_failed("aws_d", GONE), _failed("aws_e", "timed out waiting for c004 Ready")], [], False,
                     {"results": [("aws_e", TIMEOUT, "create: timed out waiting for c004 Ready")], "again": [],
                      "alone": ["aws_d"]},
                     id="ALostProviderNoCrashToldOfRunsAgainAlone"),
        pytest.param([_failed("aws_a", GONE), _failed(CHANNEL, LOST)], [NAMED], True,
                     {"results": [("aws_a", PROVIDER, "create: " + GONE),
                                  (CHANNEL, PROVIDER, "create: the provider crashed (panic: runtime error: invalid "
                                   "memory address or nil pointer dereference in mediapackage.flattenHLSIngest); "
                                   + LOST)], "again": [], "alone": []},
                     id="ASecondRunIsFinal"),
    ],
)
def test_a_jobs_held_results_are_settled_by_its_crashes(held: list[Result], crashes: list[Crash], rerun: bool,
                                                         want: dict[str, Any]) -> None:
    settled = settle(held, crashes, rerun=rerun)
    assert {"results": [(r.kind, r.failure_class, r.failure) for r in settled.results], "again": settled.again,
            "alone": settled.alone} == want


@pytest.mark.parametrize(
    ("result", "crashes", "want"),
    [
        pytest.param(PASSED, [NAMED], False, id="APassIsFinal"),
        pytest.param(_failed("aws_a", UNSUPPORTED), [], False, id="TheCloudsWordsWithNoCrash"),
        pytest.param(_failed("aws_a", UNSUPPORTED), [NAMED], True, id="TheCloudsWordsAfterACrash"),
        pytest.param(_failed("aws_a", GONE), [], True, id="AProviderBugMayBeACrashNotYetHeardOf"),
        pytest.param(_failed("aws_a", "the runtime said nothing anyone recognises"), [], True, id="OurBug"),
        pytest.param(_failed("aws_a", "spec.forProvider.name: must be set, validation failed"), [], False,
                     id="TheValidationsWords"),
    ],
)
def test_a_failure_a_crash_may_explain_waits_for_the_jobs_end(result: Result, crashes: list[Crash],
                                                              want: bool) -> None:
    assert holds(result, crashes) is want


def test_the_watch_hears_a_plugins_end_with_the_kinds_running() -> None:
    heard: list[Crash] = []
    watch = CrashWatch(heard.append)
    watch.start(CHANNEL, [CHANNEL])
    watch.start("aws_codepipeline", ["aws_kms_key", "aws_s3_bucket", "aws_iam_role", "aws_codepipeline"])
    watch.start("aws_vpc", ["aws_vpc"])
    watch.end("aws_vpc")
    assert watch.filter(logging.makeLogRecord({"msg": "a request", "levelno": logging.WARNING}))
    assert heard == []
    assert watch.filter(logging.makeLogRecord({"msg": "ended unasked", PANIC_FIELD: MEDIAPACKAGE}))
    assert heard == [Crash(MEDIAPACKAGE, ("aws_codepipeline", CHANNEL), (CHANNEL,))]
    assert Crash.from_json(json.loads(json.dumps(heard[0].to_json()))) == heard[0], "it crosses the job pipe"


# A job: appends its spec to a file, then sends what the test scripted for its batch (by its workers
# and kinds: "4:aws_a,aws_b").
_JOB = """import json, os, sys
spec = json.loads(sys.stdin.read())
with open(sys.argv[1], "a") as seen:
    seen.write(json.dumps(spec) + chr(10))
out = os.fdopen(int(sys.argv[-1]), "w")
for event in json.loads(sys.argv[2])[str(spec["workers"]) + ":" + ",".join(spec["kinds"])]:
    out.write(json.dumps(event) + chr(10))
"""


def _passed(kind: str) -> dict[str, Any]:
    return {"result": result_to_json(Result(kind, steps=dict.fromkeys(
        ("create", "reimport", "update", "delete"), "ok")))}


def _run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, kinds: list[str], script: dict[str, list[dict[str, Any]]],
         workers: int) -> tuple[conformance_jobs.Jobs, list[Result], list[dict[str, Any]]]:
    real = conformance_jobs.subprocess.Popen
    seen = tmp_path / "specs"

    def popen(args: list[str], **kwargs: object) -> object:
        return real([sys.executable, "-c", _JOB, str(seen), json.dumps(script), args[-1]], **kwargs)

    monkeypatch.setattr(conformance_jobs.subprocess, "Popen", popen)
    heard: list[Result] = []
    run = conformance_jobs.run_jobs("aws", kinds, jobs=1, batch=100, executor="direct", workers=workers, timeout=1,
                                    done=heard.append)
    return run, heard, [json.loads(line) for line in seen.read_text().splitlines()]


def test_the_victims_of_a_named_crash_run_again_after_the_others_beside_each_other(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    crash = attribute(MEDIAPACKAGE, {"aws_a": ["aws_kms_key", "aws_a"], "aws_b": ["aws_b"], CHANNEL: [CHANNEL]})
    first: list[dict[str, Any]] = [{"started": k} for k in ("aws_a", "aws_b", CHANNEL, "aws_c")] + [
        {"crash": crash.to_json()},
        {"result": result_to_json(_failed("aws_a", GONE))},
        {"result": result_to_json(_failed(CHANNEL, LOST))},
        {"result": result_to_json(_failed("aws_b", UNANSWERED))},
        _passed("aws_c")]
    script = {f"4:aws_a,aws_b,{CHANNEL},aws_c": first, "4:aws_a,aws_b": [_passed("aws_a"), _passed("aws_b")]}
    run, heard, specs = _run(monkeypatch, tmp_path, ["aws_a", "aws_b", CHANNEL, "aws_c"], script, workers=4)
    assert [s["kinds"] for s in specs] == [["aws_a", "aws_b", CHANNEL, "aws_c"], ["aws_a", "aws_b"]]
    assert specs[1]["workers"] == 4, "no known crasher among them: side by side"
    assert [(r.kind, r.passed) for r in heard] == [("aws_c", True), (CHANNEL, False), ("aws_a", True),
                                                   ("aws_b", True)], "only a victim's second result is heard"
    channel = next(r for r in heard if r.kind == CHANNEL)
    assert channel.failure_class == PROVIDER and "the provider crashed (panic: runtime error" in channel.failure
    assert [r.kind for r in run.results] == ["aws_a", "aws_b", CHANNEL, "aws_c"]
    assert all(r.passed for r in run.results if r.kind != CHANNEL)
    assert run.again == ["aws_a", "aws_b"] and run.crashes == [crash]


def test_the_kinds_a_crash_naming_no_kind_failed_run_again_one_at_a_time(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    crash = attribute(SDK_ONLY, {"aws_a": ["aws_a"], "aws_b": ["aws_b"]})
    assert crash.crashers == ()
    first: list[dict[str, Any]] = [{"started": "aws_a"}, {"started": "aws_b"}, {"crash": crash.to_json()},
             {"result": result_to_json(_failed("aws_a", GONE))},
             {"result": result_to_json(_failed("aws_b", LOST))}]
    # Alone, the crasher crashes its provider again: named by being the only kind running.
    again = attribute(SDK_ONLY, {"aws_b": ["aws_b"]})
    second: list[dict[str, Any]] = [_passed("aws_a"), {"started": "aws_b"}, {"crash": again.to_json()},
              {"result": result_to_json(_failed("aws_b", LOST))}]
    run, heard, specs = _run(monkeypatch, tmp_path, ["aws_a", "aws_b"], {"4:aws_a,aws_b": first,
                                                                          "1:aws_a,aws_b": second}, workers=4)
    assert [(s["kinds"], s["workers"]) for s in specs] == [(["aws_a", "aws_b"], 4), (["aws_a", "aws_b"], 1)]
    assert [(r.kind, r.passed, r.failure_class) for r in heard] == [("aws_a", True, ""), ("aws_b", False, PROVIDER)]
    assert heard[1].failure.startswith("create: the provider crashed (panic: interface conversion")
    assert run.again == ["aws_a", "aws_b"]
