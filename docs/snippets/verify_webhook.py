# Verifying a Sika webhook in Python 3.9+, standard library only. Quoted in docs/webhooks.md
# and run by Sika's own test suite on a real delivery and on forged headers.
import base64
import hashlib
import hmac
import time


def verify_signature(raw_body: bytes, signature: str, secret: str) -> bool:
    """LEGACY (MbiyoPay compatibility): prefer verify_webhook_signature. `Signature` covers no
    timestamp, so a captured delivery verifies forever. Lowercase hex HMAC-SHA256 of the raw
    body, keyed with the whole whsec_ string."""
    expected = hmac.new(secret.encode("utf-8"), raw_body, hashlib.sha256).hexdigest()
    # As bytes: compare_digest raises on a str with non-ASCII in it, and anyone can send one.
    return hmac.compare_digest(expected.encode("ascii"), (signature or "").strip().lower().encode("utf-8", "replace"))


def verify_webhook_signature(raw_body: bytes, headers, secret: str, tolerance_seconds: int = 300) -> bool:
    """Standard Webhooks: base64 HMAC-SHA256 of "{id}.{timestamp}.{body}", keyed with the
    base64-decoded part after whsec_. `headers` is any mapping (Flask/Django headers are
    case-insensitive; for a plain dict use lowercase names)."""
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    # ASCII digits, a sane count: isdigit() alone takes "²", which int() refuses.
    if not msg_id or not signatures or not timestamp or not (timestamp.isascii() and timestamp.isdigit()) or len(timestamp) > 12:
        return False
    if abs(time.time() - int(timestamp)) > tolerance_seconds:
        return False  # too old or from the future: a replay
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode("utf-8", "replace") + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())
    for entry in signatures.split(" "):  # several during a secret rotation
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(expected, signature.encode("utf-8", "replace")):
            return True
    return False
