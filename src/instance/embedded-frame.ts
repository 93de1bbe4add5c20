/**
 * The embedded wallet's frame side, loaded on first use (a login step, a remembered login's reconnect, a
 * request through the connector): the frame client (no iframe until its first request), the real wagmi
 * auth connector on it and the headless auth API.
 */
import type { EventBus } from '../core/events';
import { createFrameClient, type FrameClient, type FrameClientOptions } from '../frame/client/client';
import { type AuthConnectorApi, createAuthConnectorApi } from '../frame/connector/auth-api';
import { authConnector } from '../frame/connector/connector';
import type { AuthConnectorFn } from '../frame/connector/lazy';

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
