// The live channel's face to features: publish after commit, answer SENDs to /app/**.
// Features never see frames. (The STOMP-over-SockJS broker behind it: issue 4.)
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export interface AppMessage {
  destination: string;
  body: string;
  /** publish an answer, to every subscriber of the topic */
  reply(topic: string, body: unknown): Promise<void>;
}
export type AppMessageHandler = (message: AppMessage) => void | Promise<void>;

export interface Realtime {
  /** Deliver a JSON body to every subscriber of the topic, on every instance. Call after commit. */
  publish(topic: string, body: unknown): Promise<void>;
  /** Handle client SENDs whose destination matches a Spring-style pattern under /app. */
  onAppMessage(pattern: string, handler: AppMessageHandler): void;
}

export interface RealtimeOptions {
  app: FastifyInstance;
  database: Database;
  allowedOrigins: Set<string>;
}

/** Placeholder until the broker lands: publishes go nowhere, SENDs are not served. */
export function createRealtime(_o: RealtimeOptions): Realtime {
  return {
    async publish() {},
    onAppMessage() {},
  };
}
