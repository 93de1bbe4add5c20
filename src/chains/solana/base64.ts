/**
 * Base64 for Solana wire transactions (the encoding the frame protocol carries them in), shared by the
 * kit's embedded Solana wallet and the secure frame. `atob`/`btoa` work on byte strings, so bytes go
 * through one character each.
 */

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Throws (a DOMException) on text that is not base64. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
