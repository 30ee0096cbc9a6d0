/** The demo's trainers, each with a story (payments, documents); apart so that config reads it without the demo. */
export const DEFAULT_DEMO_TRAINER_COUNT = 40;
