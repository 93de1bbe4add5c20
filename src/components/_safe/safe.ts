/**
 * A stable, dependency-free seed for generated avatars. The rules for untrusted text and URLs live in core/text
 * and core/url; the URL policy the components apply comes from `UrlPolicyContext` (./urlPolicy).
 */

/** FNV-1a 32-bit hash of a string: a stable, dependency-free seed for generated avatars. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
