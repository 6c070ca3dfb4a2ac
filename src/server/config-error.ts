/** Configuration's shared pieces: the refusal and the start-up notices (config.ts,
 * config-payments.ts). */

/** Something the server should say in its log at start (main.ts writes them). */
export interface Notice {
  level: 'info' | 'warn';
  message: string;
}

/** A refused configuration: one line per problem, each naming its variable. */
export class ConfigError extends Error {
  constructor(problems: { variable: string; message: string }[]) {
    super(problems.map((p) => `Invalid environment configuration: ${p.variable}: ${p.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

export const invalid = (variable: string, message: string) => new ConfigError([{ variable, message }]);
