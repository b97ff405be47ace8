<?php
// Verifying a Sika webhook in PHP 8+, no extension beyond the defaults. Quoted in docs/webhooks.md
// and run by Sika's own test suite on a real delivery and on forged headers.

/**
 * LEGACY (MbiyoPay compatibility): prefer sika_verify_webhook_signature. `Signature` covers no
 * timestamp, so a captured delivery verifies forever. Lowercase hex HMAC-SHA256 of the raw
 * body, keyed with the whole whsec_ string.
 */
function sika_verify_signature(string $rawBody, string $signature, string $secret): bool
{
    $expected = hash_hmac('sha256', $rawBody, $secret);
    return hash_equals($expected, strtolower(trim($signature)));
}

/**
 * Standard Webhooks: base64 HMAC-SHA256 of "{id}.{timestamp}.{body}", keyed with the
 * base64-decoded part after whsec_. $headers: name => value (any case), e.g. getallheaders().
 */
function sika_verify_webhook_signature(string $rawBody, array $headers, string $secret, int $toleranceSeconds = 300): bool
{
    $headers = array_change_key_case($headers, CASE_LOWER);
    $id = $headers['webhook-id'] ?? '';
    $timestamp = $headers['webhook-timestamp'] ?? '';
    $signatures = $headers['webhook-signature'] ?? '';
    if ($id === '' || $signatures === '' || !ctype_digit($timestamp)) {
        return false;
    }
    if (abs(time() - (int) $timestamp) > $toleranceSeconds) {
        return false; // too old or from the future: a replay
    }
    $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret);
    $expected = base64_encode(hash_hmac('sha256', "{$id}.{$timestamp}.{$rawBody}", $key, true));
    foreach (explode(' ', $signatures) as $entry) { // several during a secret rotation
        [$version, $signature] = array_pad(explode(',', $entry, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $signature)) {
            return true;
        }
    }
    return false;
}
