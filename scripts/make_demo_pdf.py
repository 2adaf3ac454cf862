#!/usr/bin/env python3
"""Generate the demo SOC 2 report summary PDF for the fictional Northwind Ledger corpus.

Usage: python scripts/make_demo_pdf.py [output_path]

Requires weasyprint. The text is plain paragraphs (no tables) so that PDF text
extraction yields clean, quotable lines.
"""

import sys
from pathlib import Path

from weasyprint import HTML

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "corpus" / "reports" / "soc2-summary.pdf"

HTML_DOC = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>SOC 2 Type II Report Summary - Northwind Ledger, Inc.</title>
<style>
  @page { size: Letter; margin: 2cm; }
  body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 10pt; line-height: 1.4; }
  h1 { font-size: 15pt; margin-bottom: 0.2em; }
  h2 { font-size: 11.5pt; margin-top: 1.1em; margin-bottom: 0.3em; }
  p { margin: 0 0 0.6em 0; }
  .meta { color: #333333; }
</style>
</head>
<body>
<h1>SOC 2 Type II Report Summary</h1>
<p class="meta">Northwind Ledger, Inc. - Northwind Ledger Invoicing Platform</p>
<p class="meta">Prepared for customers and prospective customers under NDA. Summary date: May 20, 2025.</p>

<h2>1. Engagement Overview</h2>
<p>Northwind Ledger, Inc. engaged Harbor &amp; Finch LLP, an independent certified public accounting firm, to examine the description of the Northwind Ledger Invoicing Platform and the suitability of the design and operating effectiveness of its controls.</p>
<p>The examination covered the audit period from April 1, 2024 to March 31, 2025.</p>
<p>The report addresses the Security, Availability, and Confidentiality trust services criteria. The Processing Integrity and Privacy criteria were not in scope.</p>

<h2>2. Auditor's Opinion</h2>
<p>Harbor &amp; Finch LLP issued an unqualified opinion.</p>
<p>In the auditor's opinion, the controls were suitably designed and operated effectively throughout the audit period to provide reasonable assurance that the service commitments and system requirements were achieved.</p>

<h2>3. System and Population in Scope</h2>
<p>The system in scope consists of the production invoicing application, its supporting infrastructure in Amazon Web Services, and the people, processes, and data that support it.</p>
<p>The in-scope population consisted of 180 personnel, 12 of whom were contractors.</p>
<p>Amazon Web Services was treated as a carved-out subservice organization. Its controls were not tested by Harbor &amp; Finch LLP.</p>

<h2>4. Selected Controls Tested</h2>
<p>The auditor tested controls over logical access, multi-factor authentication, quarterly access reviews, change management, encryption, backups and restore testing, incident response, vendor management, and security awareness training.</p>
<p>An annual penetration test is performed by an external firm. The most recent test, completed in February 2025, was performed by Ridgeline Offensive Security. All findings rated high were remediated and retested before the end of the audit period.</p>

<h2>5. Exceptions Noted</h2>
<p>The auditor noted 2 exceptions. Neither exception affected the opinion.</p>
<p>Exception 1: For 1 of 25 sampled terminations, access to the identity provider was removed 3 business days after the employee's last working day, rather than within one business day as required by policy. Management response: the offboarding workflow now removes access automatically when the termination is recorded in the HR system.</p>
<p>Exception 2: For 2 of 30 sampled new hires, security awareness training was completed after the 30-day deadline. Management response: training is now assigned automatically on the first day of work, and managers receive weekly reminders for overdue training.</p>

<h2>6. Availability of the Full Report</h2>
<p>The full SOC 2 Type II report, including the system description and detailed test results, is available to customers under a non-disclosure agreement on request to the Northwind Ledger security team.</p>
</body>
</html>
"""


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    HTML(string=HTML_DOC).write_pdf(str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
