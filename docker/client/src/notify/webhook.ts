// Sends notifications to NF4_NIGHTFALL_CLIENT__WEBHOOK_URL like the real WebhookNotifier
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/driven/notifier/webhook_notifier.rs:10-35,
// services/data_publisher.rs:20-33): one JSON POST, no retry, no signature; a failure or a non-2xx answer is only
// logged. The caller awaits it inline, as the real queue worker and block listener do (a slow receiver slows them), but
// a hung receiver cannot stall the simulator forever: undici's default header/body timeouts (300 s) end the wait.
import { request } from 'undici';
import type { Logger } from '../../../lib/env-logger';
import type { Notification } from './notifications';

export interface WebhookNotifier {
  publish(notification: Notification): Promise<void>;
}

export function createWebhookNotifier(webhookUrl: string, log: Logger): WebhookNotifier {
  return {
    async publish(notification) {
      if (webhookUrl === '') {
        // reqwest fails on an empty URL ("builder error"); the real publisher logs that and moves on.
        log.warn(`Failed to send notification: builder error: relative URL without a base`);
        return;
      }
      try {
        const response = await request(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(notification),
        });
        await response.body.dump();
        if (response.statusCode < 200 || response.statusCode >= 300) {
          log.warn(`Webhook notification returned non-success status: ${response.statusCode}`);
        }
      } catch (error) {
        log.warn(`Failed to send notification: ${(error as Error).message}`);
      }
    },
  };
}
