"""lexmodels: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Resource, composite_id

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_lex_bot": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "childDirected": False,
                "createVersion": False,
                "description": "Bot to order flowers on the behalf of a user",
                "idleSessionTtlInSeconds": 600,
                "locale": "en-US",
                "processBehavior": "BUILD",
                "voiceId": "Salli",
                "abortStatement": {
                    "message": [{"content": "Sorry, I am not able to assist at this time", "contentType": "PlainText"}]
                },
                "clarificationPrompt": {
                    "maxAttempts": 2,
                    "message": [
                        {"content": "I didn't understand you, what would you like to do?", "contentType": "PlainText"}
                    ],
                },
                "intent": [{"intentName": "OrderFlowers", "intentVersion": "1"}],
            }
        ),
    ),
    "aws_lex_bot_alias": Resource(
        external_name=composite_id("{{ .parameters.bot_name }}:{{ .external_name }}", argument="name").sourced(
            "probe",
            "expected BOT_NAME:BOT_ALIAS_NAME",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"bot_name": "partone", "name": "parttwo"},
                {"bot_name": "partone", "id": "partone:parttwo", "name": "parttwo"},
            ),
        ),
        example=Example(
            {
                "region": "us-east-1",
                "botName": "OrderFlowers",
                "botVersion": "1",
                "description": "Production Version of the OrderFlowers Bot.",
            }
        ),
    ),
    "aws_lex_intent": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "createVersion": False,
                "description": "Intent to order a bouquet of flowers for pick up",
                "sampleUtterances": ["I would like to order some flowers", "I would like to pick up flowers"],
                "confirmationPrompt": {
                    "maxAttempts": 2,
                    "message": [
                        {
                            "content": "Okay, your {FlowerType} will be ready for pickup by {PickupTime} on {PickupDate}.  Does this sound okay?",
                            "contentType": "PlainText",
                        }
                    ],
                },
                "fulfillmentActivity": {"type": "ReturnIntent"},
                "rejectionStatement": {
                    "message": [{"content": "Okay, I will not place your order.", "contentType": "PlainText"}]
                },
                "slot": [
                    {
                        "description": "The type of flowers to pick up",
                        "name": "FlowerType",
                        "priority": 1,
                        "sampleUtterances": ["I would like to order {FlowerType}"],
                        "slotConstraint": "Required",
                        "slotType": "FlowerTypes",
                        "slotTypeVersion": "$$LATEST",
                        "valueElicitationPrompt": {
                            "maxAttempts": 2,
                            "message": [
                                {"content": "What type of flowers would you like to order?", "contentType": "PlainText"}
                            ],
                        },
                    },
                    {
                        "description": "The date to pick up the flowers",
                        "name": "PickupDate",
                        "priority": 2,
                        "sampleUtterances": ["I would like to order {FlowerType}"],
                        "slotConstraint": "Required",
                        "slotType": "AMAZON.DATE",
                        "slotTypeVersion": "$$LATEST",
                        "valueElicitationPrompt": {
                            "maxAttempts": 2,
                            "message": [
                                {
                                    "content": "What day do you want the {FlowerType} to be picked up?",
                                    "contentType": "PlainText",
                                }
                            ],
                        },
                    },
                    {
                        "description": "The time to pick up the flowers",
                        "name": "PickupTime",
                        "priority": 3,
                        "sampleUtterances": ["I would like to order {FlowerType}"],
                        "slotConstraint": "Required",
                        "slotType": "AMAZON.TIME",
                        "slotTypeVersion": "$$LATEST",
                        "valueElicitationPrompt": {
                            "maxAttempts": 2,
                            "message": [
                                {
                                    "content": "Pick up the {FlowerType} at what time on {PickupDate}?",
                                    "contentType": "PlainText",
                                }
                            ],
                        },
                    },
                ],
            }
        ),
    ),
    "aws_lex_slot_type": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "createVersion": True,
                "description": "Types of flowers to order",
                "valueSelectionStrategy": "ORIGINAL_VALUE",
                "enumerationValue": [
                    {"synonyms": ["Lirium", "Martagon"], "value": "lilies"},
                    {"synonyms": ["Eduardoregelia", "Podonix"], "value": "tulips"},
                ],
            }
        ),
    ),
}
