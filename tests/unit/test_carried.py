# ruff: noqa: E501  (the measurement's pairs are written out whole)
"""Unit tests for dossier.evidence.carried, and the measurement behind its threshold.

HONEST are paraphrases of verified demo quotes written the way a model writes a
claim beside its quote; OVERCLAIMS are claims beside the same kind of quotes that
say more than the quote (the issue's lying model, bring-your-own-key beside a key
management quote, ...). The threshold must separate them: every honest claim is
carried, no over-claim is. Measured: honest 0.60-1.00, over-claims 0.00-0.25.
"""

from __future__ import annotations

import pytest

from dossier.evidence.carried import CARRIED_SHARE, carriage, carried_findings
from dossier.evidence.critic import critique
from dossier.records import Claim, Quote

HONEST = [
    (
        "Multi-factor authentication (MFA) is required for all workforce accounts, including contractor accounts, with no exceptions.",
        "Yes. MFA is required for all workforce accounts, including contractors.",
    ),
    (
        "Multi-factor authentication (MFA) is required for all workforce accounts, including contractor accounts, with no exceptions.",
        "Multi-factor authentication is mandatory for every workforce account, with no exceptions.",
    ),
    (
        "User access to production systems, the identity provider, and all applications in the system inventory is reviewed quarterly.",
        "User access to production systems and applications is reviewed every quarter.",
    ),
    (
        "User access to production systems, the identity provider, and all applications in the system inventory is reviewed quarterly.",
        "Access reviews of production systems happen quarterly.",
    ),
    (
        "Workforce accounts that have not been used for 35 days are automatically disabled by the identity provider.",
        "Accounts unused for 35 days are disabled automatically.",
    ),
    ("Authenticators shall be refreshed every 90 days.", "Credentials are rotated every 90 days."),
    (
        "This applies to API keys, AWS access keys, database credentials, and third-party integration tokens used by service accounts.",
        "The rotation covers API keys and service account secrets.",
    ),
    (
        "3.1 Passwords must be a minimum of 14 characters in length.",
        "The minimum password length is 14 characters.",
    ),
    (
        "Accounts are locked for 15 minutes after 5 consecutive failed login attempts.",
        "After 5 failed login attempts the account is locked for 15 minutes.",
    ),
    (
        "3.1 All customer data at rest is encrypted using AES-256.",
        "Customer data is encrypted at rest with AES-256.",
    ),
    (
        "4.1 All data in transit over public networks is encrypted using TLS 1.2 or higher.",
        "Data in transit is protected with TLS 1.2 or later.",
    ),
    (
        "5.1 Encryption keys are generated and stored in AWS Key Management Service (AWS KMS).",
        "Encryption keys are stored in AWS KMS.",
    ),
    (
        "5.3 KMS keys are rotated yearly using AWS KMS automatic key rotation.",
        "Keys are rotated annually through automatic key rotation in AWS KMS.",
    ),
    (
        "| Invoices and invoice line items | 7 years from invoice date | Required for tax and audit purposes |",
        "Invoice records are retained for 7 years from the invoice date.",
    ),
    (
        "| Audit logs | 2 years | Stored in a dedicated logging account with object lock enabled |",
        "Audit logs are kept for 2 years in a dedicated logging account.",
    ),
    (
        "3.1 Background checks are completed before hire for every employee and contractor.",
        "Yes, background checks are performed on all employees and contractors before hiring.",
    ),
    (
        "5.1 Security awareness training is completed within 30 days of hire and annually thereafter.",
        "Staff complete security awareness training within 30 days of joining and then every year.",
    ),
    (
        "All employees and contractors sign a confidentiality agreement before their first day of work.",
        "Yes. Employees and contractors sign a confidentiality agreement before they start.",
    ),
    (
        "Northwind Ledger notifies affected customers of a confirmed breach affecting their data within 72 hours of confirmation.",
        "Customers are notified of a confirmed breach within 72 hours.",
    ),
    (
        "The incident response plan is tested at least annually through a tabletop exercise involving Security, Engineering, Customer Support, Legal, and the executive team.",
        "The incident response plan is tested at least once a year with a tabletop exercise.",
    ),
    (
        "5.1 Full backups of all production databases and document storage are taken daily.",
        "Production databases are backed up daily.",
    ),
    (
        "5.2 Backups are retained for 35 days and are then deleted automatically.",
        "Backups are kept for 35 days, then deleted.",
    ),
    (
        "The platform has a Recovery Time Objective (RTO) of 4 hours and a Recovery Point Objective (RPO) of 1 hour.",
        "The RTO is 4 hours and the RPO is 1 hour.",
    ),
    (
        "All vendors are assessed before onboarding, and no contract may be signed or data shared until the assessment is complete.",
        "Yes, every vendor is assessed before onboarding.",
    ),
    (
        "Auditor's Opinion Harbor & Finch LLP issued an unqualified opinion.",
        "Harbor & Finch LLP issued an unqualified opinion.",
    ),
    (
        "The in-scope population consisted of 180 personnel, 12 of whom were contractors.",
        "Of the 180 personnel in scope, 12 were contractors.",
    ),
    (
        "An annual penetration test is performed by an external firm.",
        "Yes, an external firm performs a penetration test every year.",
    ),
    (
        "The most recent test, completed in February 2025, was performed by Ridgeline Offensive Security.",
        "The latest penetration test was done by Ridgeline Offensive Security in February 2025.",
    ),
    (
        "Passwords must be at least 14 characters long.",
        "Passwords must have at least 14 characters.",
    ),
    (
        "Backups of production databases are taken daily and retained for 35 days.",
        "Production database backups are taken every day and kept for 35 days.",
    ),
]
OVERCLAIMS = [
    (
        "Multi-factor authentication (MFA) is required for all workforce accounts, including contractor accounts, with no exceptions.",
        "Yes. This is fully implemented for every system and every person, and an independent auditor has confirmed it.",
    ),
    (
        "Authenticators shall be refreshed every 90 days.",
        "Yes. This is fully implemented for every system and every person, and an independent auditor has confirmed it.",
    ),
    (
        "5.1 Encryption keys are generated and stored in AWS Key Management Service (AWS KMS).",
        "Yes. Customers may bring their own keys, and key custody is fully under the customer's control.",
    ),
    (
        "3.1 All customer data at rest is encrypted using AES-256.",
        "Yes, the platform holds a government cloud authorization at the highest impact level.",
    ),
    (
        "Multi-factor authentication (MFA) is required for all workforce accounts, including contractor accounts, with no exceptions.",
        "Yes, all customer-facing accounts and end users are also required to use hardware security keys.",
    ),
    (
        "User access to production systems, the identity provider, and all applications in the system inventory is reviewed quarterly.",
        "Yes. Access is continuously monitored and automatically revoked in real time by an AI-driven system.",
    ),
    (
        "5.2 Backups are retained for 35 days and are then deleted automatically.",
        "Backups are encrypted, stored offsite in three geographic regions, and restore-tested monthly.",
    ),
    (
        "An annual penetration test is performed by an external firm.",
        "Yes, independent testers attack every release, and a public bug bounty rewards researchers.",
    ),
    (
        "3.1 Background checks are completed before hire for every employee and contractor.",
        "Yes, including credit history, drug screening and social media review, repeated every year.",
    ),
    (
        "Northwind Ledger notifies affected customers of a confirmed breach affecting their data within 72 hours of confirmation.",
        "Yes, we have cyber insurance covering breach response costs and customer compensation.",
    ),
    (
        "The incident response plan is tested at least annually through a tabletop exercise involving Security, Engineering, Customer Support, Legal, and the executive team.",
        "Yes, a dedicated team monitors alerts around the clock and responds within minutes.",
    ),
    (
        "5.1 Security awareness training is completed within 30 days of hire and annually thereafter.",
        "Yes, phishing simulations run monthly and repeat offenders are escalated to management.",
    ),
    (
        "Passwords must be at least 14 characters long.",
        "Yes. Every control is in place and certified, with no exceptions anywhere.",
    ),
    (
        "Passwords must be at least 14 characters long.",
        "Yes, we are certified and every requirement is met.",
    ),
    (
        "4.1 All data in transit over public networks is encrypted using TLS 1.2 or higher.",
        "Yes, internal service-to-service traffic uses mutual authentication with pinned certificates.",
    ),
    (
        "All vendors are assessed before onboarding, and no contract may be signed or data shared until the assessment is complete.",
        "Yes, vendors are reassessed continuously and their certifications are verified by an external party.",
    ),
    (
        "Workforce accounts that have not been used for 35 days are automatically disabled by the identity provider.",
        "Yes. Dormant accounts, shared accounts and service accounts are all eliminated and audited weekly.",
    ),
    (
        "The platform has a Recovery Time Objective (RTO) of 4 hours and a Recovery Point Objective (RPO) of 1 hour.",
        "Yes, the platform runs active-active across regions with automatic failover and zero data loss.",
    ),
    (
        "3.1 All customer data at rest is encrypted using AES-256.",
        "Yes, the company is compliant with every applicable regulation and has been audited by regulators.",
    ),
    (
        "5.1 Full backups of all production databases and document storage are taken daily.",
        "Yes. It is done, verified, and approved by leadership for all environments worldwide.",
    ),
]


def test_the_threshold_separates_paraphrases_from_over_claims() -> None:
    honest = [carriage(claim, quote).share for quote, claim in HONEST]
    over = [carriage(claim, quote).share for quote, claim in OVERCLAIMS]
    assert min(honest) >= CARRIED_SHARE > max(over)
    assert CARRIED_SHARE == 0.5  # in the gap measured: 0.25 < 0.5 <= 0.60
    assert min(honest) == pytest.approx(0.6) and max(over) == pytest.approx(0.25)


def test_a_claim_that_is_its_quote_is_carried() -> None:
    quote = "Backups are retained for 35 days and are then deleted automatically."
    assert carriage(quote, quote).share == 1.0 and carriage(quote, quote).missing == ()


def test_the_thesaurus_counts_either_way() -> None:
    # "password" is an alternative of "credential" in the engine's thesaurus
    assert carriage("Credentials are rotated.", "Passwords are rotated.").share == 1.0
    assert carriage("Passwords are rotated.", "Credentials are rotated.").share == 1.0
    assert carriage("Backups are rotated.", "Passwords are rotated.").share == 0.5


def test_the_finding_names_the_words_the_quotes_lack() -> None:
    lie = "Yes. This is fully implemented for every system and every person."
    (finding,) = carried_findings(2, lie, "Passwords must be at least 14 characters long.")
    assert finding.check == "carried" and finding.claim == 2
    # "implemented" is questionnaire filler, not a content word
    assert "0%" in finding.detail and "not in them: fully, system, person" in finding.detail


def test_the_critic_escalates_an_uncarried_claim_whatever_a_model_says() -> None:
    quote_text = "Multi-factor authentication (MFA) is required for all workforce accounts."
    quote = Quote(quote_text, "policies/access.md", "c1", 0, len(quote_text))
    lie = (
        "Yes. This is fully implemented for every system and every person, and an "
        "independent auditor has confirmed it."
    )
    findings = critique("Is MFA required?", [Claim(lie, (quote,))], lambda _: None, {})
    assert [f.check for f in findings] == ["carried"]
    honest = critique("Is MFA required?", [Claim(quote_text, (quote,))], lambda _: None, {})
    assert honest == ()
