"""elb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_app_cookie_stickiness_policy": Resource(
        external_name=PROBED,
        references={"load_balancer": Reference("aws_elb")},
    ),
    "aws_elb": Resource(
        external_name=by_name(),
        references={"instances": Reference("aws_instance"), "subnets": Reference("aws_subnet")},
        late_init_ignore=("access_logs",),
    ),
}
