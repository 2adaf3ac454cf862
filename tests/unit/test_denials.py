"""A plain denial: the organisation denies outright what a yes/no question asks."""

from __future__ import annotations

import pytest

from dossier.evidence.denials import plain_denial


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        # another verb of having a thing; the question's purpose clause is no scope
        ("Do you use a SIEM to correlate security events?", "We do not run a SIEM."),
        ("Do you use a SIEM?", "No. We don't use a SIEM at this time."),
        ("Do you have a 24x7 SOC?", "\U0001f4a1 **Note:** We don't have a 24/7 SOC."),
        ("Do you store cardholder data?", "We never store cardholder data."),
        ("Do you train models on customer data?", "We do not train models on customer data."),
        ("Does your company use offshore developers?", "We do not use offshore developers."),
        # not using it at all denies using it for something
        ("Do you use customer data to train models?", "We do not use customer data."),
        # not allowing a thing the question asks is allowed
        ("Are USB storage devices permitted?", "We don't allow USB storage devices."),
        ("Is the use of personal email allowed?", "We do not permit the use of personal email."),
        (
            "Are personal devices permitted to connect to the production network?",
            "We do not allow personal devices to connect to the production network.",
        ),
        ("Are USB storage devices permitted on laptops?", "We don't allow USB storage devices."),
    ],
)
def test_an_outright_denial_of_the_thing_asked_is_a_plain_denial(
    question: str, sentence: str
) -> None:
    assert plain_denial(question, sentence)


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        # a narrower thing denied: the organisation may have the one asked
        ("Do you have a CISO?", "We do not have a dedicated CISO."),
        ("Do you use third-party analytics?", "We do not use third-party analytics on our site."),
        ("Do you use a SIEM?", "We do not use a SIEM for compliance reporting."),
        ("Do you encrypt backups?", "We do not encrypt backups with customer-managed keys."),
        # a broader thing asked than the one denied
        ("Do you have a dedicated CISO?", "We do not have a CISO."),
        # words that say which: all of them, their own, another moment
        ("Do you encrypt laptops?", "We do not encrypt all laptops."),
        ("Do you have a SOC?", "We do not have our own SOC."),
        ("Do you test patches before deployment?", "We do not test patches after deployment."),
        # another product or a sibling is not the thing asked
        ("Do you use a SIEM to correlate security events?", "We do not use Splunk."),
        ("Do you use an IDS to monitor network traffic?", "We do not use an IPS."),
        # alternatives the question offers: the denial is of one of them
        (
            "Do you use a SIEM, or equivalent tooling, to correlate security events?",
            "We do not use a SIEM.",
        ),
        # running a thing is not using one
        ("Do you use data centers?", "We do not operate data centers."),
        # a condition, another clause, another verb, another party
        ("Do you use subcontractors?", "We do not use subcontractors unless the customer agrees."),
        ("Do you use a SIEM?", "We don't use a SIEM, but GuardDuty alerts go to Slack."),
        ("Do you sell customer data?", "We don't share customer data."),
        ("Do you store cardholder data?", "Stripe does not store cardholder data."),
        # allowing less, another thing, or with another verb
        ("Are USB storage devices permitted?", "We don't allow unencrypted USB storage devices."),
        ("Are USB storage devices permitted?", "We don't allow USB storage devices on servers."),
        ("Is the use of personal email allowed?", "We do not allow personal email."),
        ("Are USB storage devices permitted?", "We don't use USB storage devices."),
        ("Are USB storage devices permitted?", "We don't allow USB keyboards."),
        (
            "Are personal devices permitted to connect to the production network?",
            "We do not allow personal devices to connect to the corporate Wi-Fi.",
        ),
        # no yes/no question of the organisation's own practice
        ("How long are logs kept?", "We do not keep logs."),
    ],
)
def test_a_denial_of_less_or_of_something_else_is_no_plain_denial(
    question: str, sentence: str
) -> None:
    assert not plain_denial(question, sentence)
