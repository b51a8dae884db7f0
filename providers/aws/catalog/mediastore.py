"""mediastore: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_media_store_container": Resource(
        external_name=by_name(),
        # Named with letters only: the container's name is the object's, and MediaStore allows letters,
        # digits and underscores in it.
        example=Example({"region": "us-east-1"}, name="examplecontainer"),
    ),
    "aws_media_store_container_policy": Resource(
        external_name=PROBED,
        references={"container_name": Reference("aws_media_store_container")},
        example=Example(
            {
                "region": "us-east-1",
                "containerNameRef": {"name": "examplecontainer"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
}
