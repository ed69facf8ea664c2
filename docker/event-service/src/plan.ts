// The deployment's plan as `GET /plan` answers it (the current document: curvegrid/multibaas-sdk-typescript @
// 65f28a15e76f6e16feee7059301cb4fcf6b842d3 : api.ts:2151-2227 Plan, :3839-3840 the route). The double runs one of three
// deployments, chosen by EVENT_SERVICE_PLAN: a plan with event monitoring (what the devnet needs), a plan without it
// (no event would be synced on a real one: the harness's preflight must name it), or an older deployment whose
// document has no plan route (404). The limits are the double's own figures: the vendor publishes none.
import type { Plan } from './wire';

export const PLAN_SETTINGS = ['event-monitoring', 'no-event-monitoring', 'older-deployment'] as const;
export type PlanSetting = (typeof PLAN_SETTINGS)[number];

/** The plan served, or undefined where the deployment has no plan route. */
export function planFor(setting: PlanSetting, updatedAt: Date): Plan | undefined {
  if (setting === 'older-deployment') return undefined;
  const monitoring = setting === 'event-monitoring';
  return {
    name: monitoring ? 'devnet double' : 'devnet double without event monitoring',
    updatedAt: updatedAt.toISOString(),
    features: [
      { name: 'event_monitor_feature', enabled: monitoring },
      { name: 'event_logging_feature', enabled: true },
      { name: 'event_queries_feature', enabled: true },
    ],
    limits: [
      { name: 'events_per_sec', limit: null },
      { name: 'past_logs_max_depth', limit: null },
      { name: 'api_calls_per_day', limit: null },
      { name: 'api_calls_per_month', limit: null },
      { name: 'event_logging_retention_hours', limit: null },
    ],
  };
}
