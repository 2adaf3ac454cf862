"""A paraphrase set for the answer library's matcher: generic security questions, each
written two ways (the same ask in other words). Written for these tests; neighbouring
pairs ask about the same subject but something else (password length / password
expiry, encryption at rest / in transit, log retention / log review, backup
frequency / backup retention, incident response / disaster recovery plan tests,
lockout threshold / lockout duration, access review / privileged account review),
so a matcher that answers one with the other shows.

``recall.CLOSE`` and ``recall.SIMILAR`` were chosen on this set (see
``test_recall.py``): with them no question matches another's wording.
"""

PAIRS: tuple[tuple[str, str], ...] = (
    (
        "Is multi-factor authentication enforced for remote access?",
        "Do users need MFA when connecting remotely?",
    ),
    (
        "How often are user access rights reviewed?",
        "At what interval do you recertify user access permissions?",
    ),
    ("What is the minimum password length?", "How many characters must a password have at least?"),
    ("How often must passwords be changed?", "What is the password expiry interval?"),
    (
        "How long are security logs retained?",
        "What is the retention period for security event logs?",
    ),
    (
        "How often are security logs reviewed?",
        "At what frequency does someone review the security logs?",
    ),
    ("Is data encrypted at rest?", "Do you encrypt stored data?"),
    ("Is data encrypted in transit?", "Do you use TLS to protect data sent over networks?"),
    ("How often are backups performed?", "What is the backup frequency?"),
    ("How long are backups retained?", "For how long do you keep backup copies?"),
    ("Are backups tested by restoring them?", "Do you perform restore tests of your backups?"),
    (
        "How often is penetration testing performed?",
        "How frequently do you commission a pen test?",
    ),
    (
        "How often are vulnerability scans run?",
        "What is the frequency of your vulnerability scanning?",
    ),
    (
        "Do employees receive security awareness training?",
        "Is security awareness training given to staff?",
    ),
    (
        "How often must employees complete security awareness training?",
        "At what interval is security training repeated for staff?",
    ),
    (
        "Do you perform background checks on new hires?",
        "Are candidates screened before they are hired?",
    ),
    ("Do employees sign confidentiality agreements?", "Are staff required to sign an NDA?"),
    (
        "Is there an incident response plan?",
        "Do you maintain a documented plan for responding to security incidents?",
    ),
    (
        "How quickly are customers notified of a data breach?",
        "Within what time do you inform customers after a breach of their data?",
    ),
    (
        "How often is the incident response plan tested?",
        "How frequently do you exercise your incident response plan?",
    ),
    (
        "Are third-party vendors assessed for security before onboarding?",
        "Do you evaluate the security of suppliers before engaging them?",
    ),
    (
        "Is access revoked when an employee leaves?",
        "Do you remove access rights promptly upon termination of employment?",
    ),
    (
        "How quickly is access removed after an employee leaves?",
        "Within what time are a leaver's accounts disabled?",
    ),
    (
        "Do you use antivirus software on endpoints?",
        "Is anti-malware protection installed on laptops and workstations?",
    ),
    (
        "Are security patches applied to servers promptly?",
        "Do you install operating system patches on servers without delay?",
    ),
    (
        "How often are firewall rules reviewed?",
        "At what interval is the firewall rule set reviewed?",
    ),
    (
        "Is customer data segregated between tenants?",
        "Do you isolate each customer's data from other customers?",
    ),
    ("What is your recovery time objective?", "What RTO have you set for restoring service?"),
    (
        "What is your recovery point objective?",
        "How much data loss (RPO) is acceptable after an outage?",
    ),
    ("Do you have a disaster recovery plan?", "Is a disaster recovery plan documented?"),
    ("Are encryption keys rotated?", "Do you rotate cryptographic keys?"),
    ("Where are encryption keys stored?", "In what system do you keep your encryption keys?"),
    (
        "Do you hold an ISO 27001 certification?",
        "Is your organisation certified against ISO 27001?",
    ),
    ("Do you have a SOC 2 Type II report?", "Can you provide a SOC 2 Type II audit report?"),
    (
        "Are changes to production approved before deployment?",
        "Must production changes be approved before they are deployed?",
    ),
    (
        "Do you log administrator activity?",
        "Are actions of privileged users recorded in audit logs?",
    ),
    (
        "How often is the disaster recovery plan tested?",
        "At what interval do you exercise your disaster recovery plan?",
    ),
    (
        "How long is customer data retained after a contract ends?",
        "After termination of a contract, for how long do you keep the customer's data?",
    ),
    (
        "Who can access the audit logs?",
        "Which people have access to the audit logs?",
    ),
    (
        "How many failed login attempts lock an account?",
        "After how many unsuccessful sign-in attempts is an account locked?",
    ),
    (
        "How long does an account stay locked after failed logins?",
        "For how long is a locked-out account blocked?",
    ),
    (
        "After how long without activity is a user's session ended?",
        "What is the idle session timeout?",
    ),
    ("Are backups encrypted?", "Do you encrypt your backup copies?"),
    ("Are laptops encrypted?", "Do you use full-disk encryption on laptops?"),
    (
        "Within what time are critical security patches applied?",
        "How quickly do you install critical patches?",
    ),
    (
        "Are contractors screened before they start work?",
        "Do you run background checks on contractors before engaging them?",
    ),
    (
        "How often are privileged accounts reviewed?",
        "At what interval do you review administrator accounts?",
    ),
    (
        "Do you notify customers of security incidents?",
        "Will customers be told when a security incident occurs?",
    ),
    (
        "Is there a formal change management process?",
        "Do production changes follow a documented change control process?",
    ),
    (
        "How long are CCTV recordings kept?",
        "What is the retention period for video surveillance footage?",
    ),
)
