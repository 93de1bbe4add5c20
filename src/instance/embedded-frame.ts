/**
 * The embedded wallet's frame side, loaded on first use (a login step, a remembered login's reconnect, a
 * request through the connector): the frame client (no iframe until its first request), the real wagmi
 * auth connector on it and the headless auth API.
 */
import type { EventBus } from '../core/events';
import type { KeywayMetadata } from '../core/options';
import { createFrameClient, type FrameClient, type FrameClientOptions } from '../frame/client/client';
import { type AuthConnectorApi, createAuthConnectorApi } from '../frame/connector/auth-api';
import { authConnector } from '../frame/connector/connector';
import type { AuthConnectorFn } from '../frame/connector/lazy';
import type { RequestPayload } from '../frame/protocol/events';
import { DappMetadataSchema, WebUrlSchema } from '../frame/protocol/fields';

export interface EmbeddedFrame {
  frame: FrameClient;
  connector: AuthConnectorFn;
  auth: AuthConnectorApi;
}

export function createEmbeddedFrame(opts: { client: FrameClientOptions; eventBus: EventBus }): EmbeddedFrame {
  const frame = createFrameClient(opts.client);
  return {
    frame,
    connector: authConnector({ client: frame, eventBus: opts.eventBus }),
    auth: createAuthConnectorApi({ client: frame }),
  };
}

/**
 * The host's metadata as the frame protocol takes it (spec: sync dapp data): the name and description cut to the
 * protocol's lengths, only web URLs among the icons (at most 10). Null when even that is not valid (the frame then
 * names the verified origin only).
 */
export function dappDataPayload(
  metadata: KeywayMetadata,
  sdkVersion: string,
  projectId: string,
): RequestPayload<'SYNC_DAPP_DATA'> | null {
  const parsed = DappMetadataSchema.safeParse({
    name: clip(metadata.name, 100),
    description: clip(metadata.description, 500),
    url: metadata.url,
    icons: metadata.icons.filter((icon) => WebUrlSchema.safeParse(icon).success).slice(0, 10),
  });
  return parsed.success ? { metadata: parsed.data, sdkVersion, projectId } : null;
}

/** `text` cut to at most `max` UTF-16 units, never inside a character. */
function clip(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
}
