# Verifying a Sika webhook in Python 3.9+, standard library only. Quoted in docs/webhooks.md.
import base64
import hashlib
import hmac
import time


def verify_signature(raw_body: bytes, signature: str, secret: str) -> bool:
    """LEGACY (MbiyoPay compatibility): prefer verify_webhook_signature. `Signature` covers no
    timestamp, so a captured delivery verifies forever. Lowercase hex HMAC-SHA256 of the raw
    body, keyed with the whole whsec_ string."""
    expected = hmac.new(secret.encode("utf-8"), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, (signature or "").strip().lower())


def verify_webhook_signature(raw_body: bytes, headers, secret: str, tolerance_seconds: int = 300) -> bool:
    """Standard Webhooks: base64 HMAC-SHA256 of "{id}.{timestamp}.{body}", keyed with the
    base64-decoded part after whsec_. `headers` is any mapping (Flask/Django headers are
    case-insensitive; for a plain dict use lowercase names)."""
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp or not signatures or not timestamp.isdigit():
        return False
    if abs(time.time() - int(timestamp)) > tolerance_seconds:
        return False  # too old or from the future: a replay
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode("utf-8") + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode("ascii")
    for entry in signatures.split(" "):  # several during a secret rotation
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(expected, signature):
            return True
    return False
