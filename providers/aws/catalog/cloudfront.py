"""cloudfront: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudfront_cache_policy": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "comment": "test comment",
                "defaultTtl": 50,
                "maxTtl": 100,
                "minTtl": 1,
                "name": "example-policy",
                "parametersInCacheKeyAndForwardedToOrigin": {
                    "cookiesConfig": {"cookieBehavior": "whitelist", "cookies": {"items": ["example"]}},
                    "headersConfig": {"headerBehavior": "whitelist", "headers": {"items": ["example"]}},
                    "queryStringsConfig": {"queryStringBehavior": "whitelist", "queryStrings": {"items": ["example"]}},
                },
            }
        ),
    ),
    "aws_cloudfront_continuous_deployment_policy": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_distribution": Resource(
        external_name=PROBED,
        references={
            "ordered_cache_behavior.function_association.function_arn": Reference("aws_cloudfront_function", "arn"),
            "ordered_cache_behavior.lambda_function_association.lambda_arn": Reference(
                "aws_lambda_function", "qualified_arn"
            ),
            "origin.origin_access_control_id": Reference("aws_cloudfront_origin_access_control"),
            "origin.s3_origin_config.origin_access_identity": Reference(
                "aws_cloudfront_origin_access_identity", "cloudfront_access_identity_path"
            ),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "enabled": True,
                "defaultCacheBehavior": {
                    "allowedMethods": ["example"],
                    "cachedMethods": ["example"],
                    "targetOriginId": "groupS3",
                    "viewerProtocolPolicy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                },
                "origin": [
                    {
                        "domainName": "example",
                        "originId": "primaryS3",
                        "s3OriginConfig": {"originAccessIdentityRef": {"name": "example-originaccessidentity"}},
                    },
                    {
                        "domainName": "example",
                        "originId": "failoverS3",
                        "s3OriginConfig": {"originAccessIdentityRef": {"name": "example-originaccessidentity"}},
                    },
                ],
                "originGroup": [
                    {
                        "originId": "groupS3",
                        "failoverCriteria": {"statusCodes": [403, 404, 500, 502]},
                        "member": [{"originId": "primaryS3"}, {"originId": "failoverS3"}],
                    }
                ],
                "restrictions": {"geoRestriction": {"restrictionType": "example"}},
                "viewerCertificate": {},
            }
        ),
    ),
    "aws_cloudfront_field_level_encryption_config": Resource(
        external_name=PROBED,
        references={
            "query_arg_profile_config.query_arg_profiles.items.profile_id": Reference(
                "aws_cloudfront_field_level_encryption_profile"
            )
        },
        example=Example(
            {
                "region": "us-east-1",
                "comment": "test comment",
                "contentTypeProfileConfig": {
                    "forwardWhenContentTypeIsUnknown": True,
                    "contentTypeProfiles": {
                        "items": [{"contentType": "application/x-www-form-urlencoded", "format": "URLEncoded"}]
                    },
                },
                "queryArgProfileConfig": {
                    "forwardWhenQueryArgProfileIsUnknown": True,
                    "queryArgProfiles": {
                        "items": [{"profileIdRef": {"name": "example-fieldlevelencryptionprofile"}, "queryArg": "Arg1"}]
                    },
                },
            }
        ),
    ),
    "aws_cloudfront_field_level_encryption_profile": Resource(
        external_name=PROBED,
        references={"encryption_entities.items.public_key_id": Reference("aws_cloudfront_public_key")},
        example=Example(
            {
                "region": "us-east-1",
                "comment": "test comment",
                "name": "test profile",
                "encryptionEntities": {
                    "items": [
                        {
                            "providerId": "test provider",
                            "publicKeyIdRef": {"name": "example-publickey"},
                            "fieldPatterns": {"items": ["DateOfBirth"]},
                        }
                    ]
                },
            }
        ),
    ),
    "aws_cloudfront_function": Resource(
        external_name=by_name(),
        sensitive=("code",),
        example=Example(
            {
                "region": "us-east-1",
                "codeSecretRef": {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"},
                "comment": "my function",
                "publish": True,
                "runtime": "cloudfront-js-2.0",
            }
        ),
    ),
    "aws_cloudfront_key_group": Resource(
        external_name=PROBED,
        references={"items": Reference("aws_cloudfront_public_key")},
        example=Example(
            {
                "region": "us-east-1",
                "comment": "example key group",
                "itemRefs": [{"name": "example-publickey"}],
                "name": "example-key-group",
            }
        ),
    ),
    "aws_cloudfront_key_value_store": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_monitoring_subscription": Resource(
        external_name=PROBED,
        references={"distribution_id": Reference("aws_cloudfront_distribution")},
        example=Example(
            {
                "region": "us-east-1",
                "distributionIdRef": {"name": "example-distribution"},
                "monitoringSubscription": {
                    "realtimeMetricsSubscriptionConfig": {"realtimeMetricsSubscriptionStatus": "Enabled"}
                },
            }
        ),
    ),
    "aws_cloudfront_origin_access_control": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example Policy",
                "name": "example",
                "originAccessControlOriginType": "s3",
                "signingBehavior": "always",
                "signingProtocol": "sigv4",
            }
        ),
    ),
    "aws_cloudfront_origin_access_identity": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_origin_request_policy": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "comment": "example comment",
                "cookiesConfig": {"cookieBehavior": "whitelist", "cookies": {"items": ["example"]}},
                "headersConfig": {"headerBehavior": "whitelist", "headers": {"items": ["example"]}},
                "queryStringsConfig": {"queryStringBehavior": "whitelist", "queryStrings": {"items": ["example"]}},
            }
        ),
    ),
    "aws_cloudfront_public_key": Resource(
        external_name=PROBED,
        sensitive=("encoded_key",),
        example=Example(
            {
                "region": "us-east-1",
                "comment": "test public key",
                "encodedKeySecretRef": {
                    "key": "example-key",
                    "name": "example-secret",
                    "namespace": "crossplane-system",
                },
                "name": "test_key",
            }
        ),
    ),
    "aws_cloudfront_realtime_log_config": Resource(
        external_name=PROBED,
        references={
            "endpoint.kinesis_stream_config.role_arn": Reference("aws_iam_role", "arn"),
            "endpoint.kinesis_stream_config.stream_arn": Reference("aws_kinesis_stream", "id"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "fields": ["timestamp", "c-ip"],
                "name": "example",
                "samplingRate": 75,
                "endpoint": {
                    "streamType": "Kinesis",
                    "kinesisStreamConfig": {
                        "roleArnRef": {"name": "example-role"},
                        "streamArnRef": {"name": "example-stream"},
                    },
                },
            }
        ),
    ),
    "aws_cloudfront_response_headers_policy": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "comment": "test comment",
                "name": "example-policy",
                "corsConfig": {
                    "accessControlAllowCredentials": True,
                    "originOverride": True,
                    "accessControlAllowHeaders": {"items": ["test"]},
                    "accessControlAllowMethods": {"items": ["GET"]},
                    "accessControlAllowOrigins": {"items": ["test.example.comtest"]},
                },
            }
        ),
    ),
    "aws_cloudfront_vpc_origin": Resource(
        external_name=PROBED,
        references={"vpc_origin_endpoint_config.arn": Reference("aws_lb", "arn")},
    ),
}
