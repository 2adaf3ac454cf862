"""The thesaurus: keys are stems, so every group matches what it names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dossier.common.textutil import STOPWORDS, content_terms, question_terms, stem
from dossier.research import thesaurus


def test_every_one_word_entry_is_a_key_by_its_stem() -> None:
    for group in thesaurus.GROUPS:
        for entry in group:
            if len(entry.split()) == 1 and "-" not in entry:
                assert thesaurus.alternatives(stem(entry.lower())), entry


def test_an_alternative_says_the_term() -> None:
    present = set(content_terms("Departing staff have their access revoked on the last day."))
    assert thesaurus.says(stem("terminate"), present)
    assert not thesaurus.says(stem("encrypt"), present)


def test_destruction_is_disposal() -> None:
    """ "destruction" and "sanitization" are nouns of the disposal group ("securely wiped
    prior to disposal")."""
    wiped = set(content_terms("Drives are securely wiped prior to disposal."))
    assert thesaurus.says(stem("destruction"), wiped)
    assert thesaurus.says(stem("sanitization"), wiped)


def test_a_phrase_counts_only_when_all_its_words_occur() -> None:
    assert thesaurus.says(stem("vendor"), set(content_terms("a third party provider")))
    assert not thesaurus.says(stem("vendor"), set(content_terms("a party")))


# ``says`` runs as set operations; this is its definition, word for word: an
# alternative is said by its words a sentence's terms can hold (its stopwords aside:
# "lock out" by "lock").
def _says_by_definition(term: str, present: set[str]) -> bool:
    stop = {stem(w) for w in STOPWORDS}
    held = [
        [s for s in alt if len(alt) == 1 or s not in stop] for alt in thesaurus.alternatives(term)
    ]
    return term in present or any(words and all(s in present for s in words) for words in held)


_STEMS = sorted(
    {s for group in thesaurus.GROUPS for entry in group for s in thesaurus.phrase(entry)}
    | {"polici", "unrelat"}
)


@st.composite
def _term_and_stems(draw: st.DrawFn) -> tuple[str, set[str]]:
    """A term, and stems around it: often all or all but one word of one of its
    alternatives, with or without other stems."""
    term = draw(st.sampled_from(_STEMS))
    present = draw(st.sets(st.sampled_from(_STEMS), max_size=draw(st.sampled_from([0, 3, 12]))))
    alternatives = thesaurus.alternatives(term)
    use_one = draw(st.booleans())
    if alternatives and use_one:
        words = list(draw(st.sampled_from(alternatives)))
        if draw(st.booleans()):
            words.pop(draw(st.integers(0, len(words) - 1)))
        present |= set(words)
    return term, present


@given(_term_and_stems())
def test_says_is_the_term_or_all_the_words_of_one_alternative(
    case: tuple[str, set[str]],
) -> None:
    term, present = case
    assert thesaurus.says(term, present) == _says_by_definition(term, present)
    assert thesaurus.says(term, frozenset(present)) == _says_by_definition(term, present)


def test_an_acronym_spelled_out_is_the_acronym_and_another_word_is_not() -> None:
    spelled = tuple(content_terms("recovery point objective for the payment platform"))
    assert thesaurus.abbreviated(spelled) == ("rpo", stem("payment"), stem("platform"))
    assert thesaurus.names_itself("rpo", set(content_terms("a recovery point objective of 1h")))
    assert not thesaurus.names_itself("rpo", set(content_terms("a recovery time objective")))
    assert thesaurus.names_itself(stem("subprocessor"), set(content_terms("subprocessors must")))
    assert not thesaurus.names_itself(stem("subprocessor"), set(content_terms("vendors must")))
    assert thesaurus.says(stem("subprocessor"), set(content_terms("vendors must")))


def test_a_second_acronym_spelled_out_is_one_term_though_its_words_were_met() -> None:
    """A question's terms are listed once each: "recovery time objective (RTO) and
    recovery point objective (RPO)" left "point" alone, an ask term no table headed
    "RPO" names."""
    both = question_terms(
        "What are the recovery time objective (RTO) and recovery point objective (RPO)?"
    )
    assert thesaurus.abbreviated(both) == ("rto", "rpo")
    plain = question_terms("What are the recovery time objective and recovery point objective?")
    assert thesaurus.abbreviated(plain) == ("rto", "rpo")
    later = question_terms("What is the recovery point objective, and how much time is allowed?")
    assert "time" in thesaurus.abbreviated(later)  # a word of its own, not the RTO


def test_the_field_s_words_for_card_numbers_and_customer_keys() -> None:
    """ "Do you store full cardholder primary account numbers (PAN)?" was not covered
    beside "never stores full card numbers"."""
    assert thesaurus.says("pan", set(content_terms("never stores full card numbers")))
    assert thesaurus.says("byok", set(content_terms("customer-managed keys are offered")))
    assert not thesaurus.says("byok", set(content_terms("AWS manages the encryption keys")))


def test_a_british_spelling_says_the_american_one() -> None:
    # "data centers" never found "data centres": Snowball stems them apart
    assert thesaurus.says(stem("centers"), {stem("centres")})
    assert thesaurus.says(stem("organisation"), {stem("organization")})
    assert stem("centre") == stem("center") and stem("programme") == stem("program")
    assert thesaurus.says(stem("artifacts"), {stem("artefacts")})


def test_a_second_factor_or_two_step_verification_is_mfa() -> None:
    assert thesaurus.says("mfa", set(content_terms("a second factor is required")))
    assert thesaurus.says("mfa", set(content_terms("2-Step Verification is enforced")))
    assert not thesaurus.says("mfa", set(content_terms("a second review is required")))


def test_an_acronym_is_spelled_out_for_the_embedding_model() -> None:
    # MiniLM placed "What are your RTO and RPO?" far from "a recovery time objective of
    # 48 hours" (cosine 0.07): the question was not covered
    assert thesaurus.spelled_out("What are your RTO and RPO?") == (
        "What are your RTO (recovery time objective) and RPO (recovery point objective)?"
    )
    assert thesaurus.spelled_out("Do you support SSO?") == "Do you support SSO (single sign-on)?"
    # spelled out already, or no acronym the thesaurus knows: left as it is
    text = "What is your recovery time objective (RTO)?"
    assert thesaurus.spelled_out(text) == text
    assert thesaurus.spelled_out("Is data encrypted at rest?") == "Is data encrypted at rest?"


def test_a_fix_remediates_and_the_regulator_is_the_supervisory_authority() -> None:
    assert thesaurus.says(stem("remediated"), set(content_terms("Fix SLAs from discovery")))
    assert thesaurus.says(
        stem("regulator"), set(content_terms("the supervisory authority is notified"))
    )
    assert thesaurus.says(stem("ico"), {stem("regulator")})


def test_kept_is_retained() -> None:
    # Snowball stems "kept" apart from "keep": "| Kept | 14 days |" named no retention
    assert thesaurus.says(stem("retained"), {stem("kept")})


def test_a_phrase_of_a_group_is_read_as_its_one_word_entry() -> None:
    assert thesaurus.in_one_word(("person", "data", "supervisori", "author")) == (
        "person",
        "data",
        "regul",
    )
    assert thesaurus.in_one_word(("data", "retent")) == ("data", "retent")


def test_a_phrase_with_stopwords_says_its_term() -> None:
    """ "24 hours a day" and "no longer supported" hold stopwords ("a", "no") a
    sentence's terms never hold: the phrase's other words say it."""
    around = set(content_terms("Alerts are monitored 24 hours a day, 7 days a week."))
    assert thesaurus.says(stem("24x7"), around)
    legacy = set(content_terms("Software no longer supported by its vendor must not be used."))
    assert thesaurus.says(stem("unsupported"), legacy)
    assert not thesaurus.says(stem("unsupported"), set(content_terms("Software is supported.")))


def test_a_product_says_its_kind_one_way() -> None:
    """ "CrowdStrike Falcon runs on every laptop." states endpoint protection (it was
    "Not covered" to "Is EDR or anti-malware software deployed on laptops?"); EDR is no
    CrowdStrike, and SentinelOne is no CrowdStrike."""
    falcon = set(content_terms("CrowdStrike Falcon runs on every laptop."))
    assert thesaurus.says(stem("malware"), falcon)
    assert thesaurus.says(stem("edr"), set(content_terms("SentinelOne is installed.")))
    assert not thesaurus.says(stem("crowdstrike"), set(content_terms("EDR is deployed.")))
    assert not thesaurus.says(stem("crowdstrike"), set(content_terms("SentinelOne runs.")))
    assert thesaurus.says(stem("mfa"), set(content_terms("Engineers use a YubiKey.")))


def test_a_phrase_with_a_stopword_is_said_by_its_other_words() -> None:
    """ "lock out" (an alternative of lockout) is said by "lock": "out" is a stopword,
    which a sentence's terms never hold."""
    assert thesaurus.says(stem("lockout"), {stem("lock")})


def test_an_outsider_accompanied_is_a_visitor_escorted() -> None:
    """ "Are outsiders accompanied by your own personnel while inside the server room?"
    was not covered beside "Visitors ... must be escorted by an authorised staff
    member"; "Are visitors escorted?" was answered from it."""
    present = set(content_terms("Visitors must be escorted by a member of staff."))
    assert thesaurus.says(stem("outsiders"), present)
    assert thesaurus.says(stem("accompanied"), present)
    assert not thesaurus.says(stem("outsiders"), set(content_terms("Staff must wear badges.")))


def test_engineers_short_names_for_environments_say_the_environment() -> None:
    """ "copied to staging or dev" names the development environment; "prod" production."""
    assert thesaurus.says(stem("development"), {"dev"})
    assert thesaurus.says(stem("production"), {"prod"})


def test_caiqs_cscs_are_customers_and_a_removal_is_a_revocation() -> None:
    assert thesaurus.says(stem("cscs"), set(content_terms("Customers manage their own keys")))
    assert thesaurus.says(stem("removed"), set(content_terms("access is revoked within a day")))
    assert not thesaurus.says(stem("removed"), set(content_terms("the employee is terminated")))


def test_endpoints_are_devices_and_a_disabled_account_is_deprovisioned() -> None:
    """CAIQ's "endpoints" are a university's "devices" ("Devices must lock the screen
    after 10 minutes"); "accounts are disabled on the last day" deprovisions them;
    "shared user IDs" are shared accounts."""
    assert thesaurus.says(stem("endpoints"), set(content_terms("Devices must lock")))
    assert thesaurus.says(stem("deprovisioning"), set(content_terms("Accounts are disabled")))
    assert thesaurus.says(stem("accounts"), set(content_terms("a unique user ID")))


def test_de_provisioned_is_deprovisioned_and_tls_protects_data_in_transit() -> None:
    """ "Is user access de-provisioned ...?" was read as "provisioned" (the prefix
    dropped), the opposite; "data in transit" is what TLS protects."""
    assert stem("deprovisioned") in content_terms("user access de-provisioned")
    assert stem("provisioned") not in content_terms("user access de-provisioned")
    assert stem("recertified") not in content_terms("re-certified")  # other prefixes go
    assert thesaurus.says(stem("transit"), set(content_terms("TLS 1.2 is required")))


def test_the_one_way_words_say_only_what_they_name() -> None:
    """A disabled account is deprovisioned, not disabled USB storage; TLS protects data
    in transit, data in transit does not say TLS."""
    assert thesaurus.says(stem("deprovisioning"), set(content_terms("Accounts are disabled")))
    assert not thesaurus.says(stem("deprovisioning"), set(content_terms("USB storage is disabled")))
    assert not thesaurus.says("tls", set(content_terms("data in transit")))


def test_a_logon_is_a_login() -> None:
    # "5 consecutive invalid logon attempts" was another kind of the login attempts asked
    assert thesaurus.says(stem("login"), {stem("logon")})
    assert thesaurus.says(stem("logon"), set(content_terms("failed sign-in attempts")))


def test_the_cmdb_is_the_asset_inventory() -> None:
    cmdb = set(content_terms("The CMDB shall be reconciled against discovery scans quarterly."))
    assert thesaurus.says(stem("inventory"), cmdb)
    assert not thesaurus.says(stem("inventory"), set(content_terms("The database is patched.")))


def test_composition_rules_are_complexity_rules() -> None:
    """ "We do not impose composition rules" was not found for whether passwords must
    contain complex characters (a length rule answered Yes)."""
    rules = set(content_terms("We do not impose composition rules on passwords."))
    assert thesaurus.says(stem("complex"), rules)
    assert thesaurus.says(stem("complexity"), rules)


def test_learning_from_incidents_is_no_training_and_e_learning_is() -> None:
    """ "e-learning" was read as its word "learning" (the "e" a stopword), so "the policy
    establishes how the University ... learns from incidents" named awareness training
    and led a training programme's answer."""
    lessons = set(content_terms("The University detects, responds to and learns from incidents."))
    assert not thesaurus.says(stem("training"), lessons)
    assert not thesaurus.says(stem("awareness"), lessons)
    course = set(content_terms("All staff complete the refresher e-learning every year."))
    assert thesaurus.says(stem("training"), course)


def test_blocked_says_prevented_and_usb_devices_are_removable_media() -> None:
    """ "Automatic forwarding ... is blocked at the mail gateway" states that forwarding
    is prevented; USB mass storage is removable media."""
    assert thesaurus.says(stem("prevented"), set(content_terms("It is blocked at the gateway.")))
    asked = content_terms("removable media")
    present = set(content_terms("USB mass storage devices are blocked."))
    assert "media" in thesaurus.phrase_terms_said(asked, present)


def test_expiry_is_expire() -> None:
    """ "expiry" stems apart from "expire" ("expiri", "expir"): "Is periodic password
    expiry enforced ...?" found no close sentence naming "expiry" beside "Passwords ... do
    not expire on a fixed schedule"."""
    said = set(content_terms("Passwords do not expire on a fixed schedule."))
    assert thesaurus.says(stem("expiry"), said)


def test_a_session_disconnected_or_logged_off_is_terminated() -> None:
    """ "Are remote sessions terminated after a period of inactivity?" went Not covered
    beside "Remote sessions are disconnected after 30 minutes of inactivity"."""
    for written in ("disconnected", "logoff", "logout"):
        assert thesaurus.says(stem("terminated"), {stem(written)})
    assert not thesaurus.says(stem("terminated"), {stem("log")})  # "log off": "off" is a stopword
    # one way: a session disconnected says nothing of an employee's termination asked
    assert not thesaurus.says(stem("disconnected"), {stem("terminated")})


def test_a_register_police_and_rectification_in_other_words() -> None:
    """An EU platform's "supplier register" is the inventory CAIQ asks of, its contact list
    of "the Dutch police" the law enforcement one, a shopper's data "rectified" modified;
    "sub-processors" written apart are subprocessors."""
    assert thesaurus.says(stem("inventory"), {stem("supplier"), stem("register")})
    assert not thesaurus.says(stem("inventory"), {stem("register"), stem("mfa")})
    assert thesaurus.says(stem("law"), {stem("police")}) or thesaurus.says(
        stem("police"), {stem("law"), stem("enforcement")}
    )
    assert thesaurus.says(stem("modify"), {stem("rectification")})
    assert thesaurus.says(stem("vendor"), {stem("sub"), stem("processor")})


def test_a_named_cipher_says_which_algorithm() -> None:
    """ "What encryption algorithm ... protect Scoped Data at rest?" lacked "algorithm"
    beside "... encrypted at rest with AES-256"; one way: an algorithm is no cipher."""
    assert thesaurus.says(stem("algorithm"), {stem("aes")})
    assert not thesaurus.says(stem("aes"), {stem("algorithm")})


def test_a_soc_report_says_ssae() -> None:
    """ "Have you undergone a SSAE 18/SOC 2 audit?" named none of its key terms (ssae,
    undergone, 18) beside "completes an annual SOC 2 Type II examination"."""
    assert thesaurus.says(stem("ssae"), {"soc2"})
    assert not thesaurus.says("soc2", {stem("ssae")})  # one way


def test_training_updates_are_refreshers_and_a_refresher_is_no_patch() -> None:
    """ "Are regular security awareness training updates provided?" is answered by "an
    annual security awareness refresher"; a refresher says nothing of patching, and a
    hardware refresh is no update."""
    refresher = set(content_terms("an annual security awareness refresher"))
    assert thesaurus.says(stem("updates"), refresher)
    assert thesaurus.says(stem("updates"), set(content_terms("Training is refreshed every year")))
    assert not thesaurus.says(stem("patch"), refresher)
    # a laptop refresh is no update
    assert not thesaurus.says(stem("updated"), set(content_terms("Laptops are refreshed")))


def test_location_tracking_is_geolocation() -> None:
    """CAIQ's "remote geolocation capabilities" missed "does not enable location tracking
    on company phones"."""
    tracking = set(content_terms("We do not enable location tracking on company phones."))
    assert thesaurus.says(stem("geolocation"), tracking)
    assert not thesaurus.says(stem("geolocation"), set(content_terms("Data location is the EU.")))


def test_a_scan_detects_one_way_of_monitoring() -> None:
    """CAIQ's "vulnerability detection" missed "Authenticated vulnerability scans ... run
    weekly"; a scan is no monitoring of its own."""
    scans = set(content_terms("Authenticated vulnerability scans run weekly."))
    assert thesaurus.says(stem("detection"), scans)
    assert not thesaurus.says(stem("monitor"), scans)


def test_an_ssae_audit_is_a_soc_report_not_a_security_operations_centre() -> None:
    assert thesaurus.says("ssae", set(content_terms("an annual SOC 2 Type II examination")))
    assert thesaurus.says("ssae", set(content_terms("Our SOC report is available")))
    assert not thesaurus.says("ssae", set(content_terms("the managed SOC provider reviews alerts")))


def test_communications_between_environments_are_their_traffic() -> None:
    """(pass) "Are communications between environments encrypted?" went Not covered
    beside "Traffic between the production, staging and corporate environments is
    encrypted using mutual TLS"."""
    traffic = set(content_terms("Traffic between environments is encrypted"))
    assert thesaurus.says(stem("communications"), traffic)
    assert not thesaurus.says(stem("traffic"), set(content_terms("Policies are communicated")))


@pytest.mark.parametrize(
    ("asked", "stated"),
    [
        ("screening", "All new employees undergo a National Police Check before day one."),
        ("screening", "Candidates in England complete a DBS check."),
        ("storage", "Restricted data is encrypted at rest using AES-256."),
        ("laws", "Retention periods are defined based on legal requirements."),
        ("cryptoperiod", "Each key's rotation period is set by its risk."),
        ("hires", "All candidates who receive an offer pass a background check."),
    ],
)
def test_new_users_words_for_the_practice_asked(asked: str, stated: str) -> None:
    """(passes) Each was the closest passage, Not covered for the word it "lacked"."""
    assert thesaurus.says(stem(asked), frozenset(content_terms(stated)))


@pytest.mark.parametrize(
    ("asked", "stated"),
    [
        ("legal", "Data retention is required by law."),
        ("rest", "Storage is provisioned in two regions."),
        ("candidates", "New hires complete onboarding in their first week."),
    ],
)
def test_those_words_say_nothing_the_other_way(asked: str, stated: str) -> None:
    assert not thesaurus.says(stem(asked), frozenset(content_terms(stated)))


@pytest.mark.parametrize(
    ("term", "sentence", "says"),
    [
        ("hires", "All new employees must submit a certificate of conduct.", True),
        ("hires", "All new workforce members shall complete the course.", True),
        ("hires", "All employees complete the course annually.", False),
        ("cybersecurity", "The information security incident programme is tested.", True),
        ("cybersecurity", "Security incidents are reported to the CISO.", False),
    ],
)
def test_new_employees_are_new_hires_and_information_security_is_cybersecurity(
    term: str, sentence: str, says: bool
) -> None:
    """A Dutch policy's "All new employees must submit a Certificate of Conduct" and its
    "information security incidents" lacked SIG's "new hires" and "cybersecurity"."""
    assert thesaurus.says(stem(term), frozenset(content_terms(sentence))) is says
