/** The log lines the event service writes; docker/lib/env-logger.ts provides the real one, tests a recording one. */
export interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
