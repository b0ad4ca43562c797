import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';

const MAX_RECENT = 10;

/** What the desktop app remembers between runs; anything unreadable falls back to defaults. */
const AppStateSchema = z.object({
  bounds: z
    .object({ x: z.number(), y: z.number(), width: z.number().min(400), height: z.number().min(300) })
    .optional(),
  maximized: z.boolean().optional(),
  /** Session folders opened by hand, most recent first. */
  recentSessions: z.array(z.string()).max(MAX_RECENT).default([]),
});
export type AppState = z.infer<typeof AppStateSchema>;

/** A small JSON file in the user data folder: window bounds and recently opened sessions. */
export class AppStateFile {
  state: AppState;

  constructor(private readonly file: string) {
    let raw: unknown = {};
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // First run, or a damaged file: start from defaults.
    }
    const parsed = AppStateSchema.safeParse(raw);
    this.state = parsed.success ? parsed.data : { recentSessions: [] };
  }

  update(change: Partial<AppState>) {
    this.state = { ...this.state, ...change };
    void writeFile(this.file, JSON.stringify(this.state, null, 2)).catch(error =>
      console.error(`[app] could not save ${this.file}:`, error),
    );
  }

  addRecent(dir: string) {
    this.update({ recentSessions: [dir, ...this.state.recentSessions.filter(d => d !== dir)].slice(0, MAX_RECENT) });
  }
}
