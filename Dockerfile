# syntax=docker/dockerfile:1
# The Soul Punch platform in one image: `docker build -t soulpunch .`, then `docker compose up` (compose.yaml) or
# `docker run` with the variables the README lists (production requires SESSION_SECRET, SMTP_URL, PAYMENT_PROVIDER).
# scripts/production-smoke.mjs runs these same steps (npm ci, npm run build, npm prune --omit=dev, start) in CI.
ARG NODE_IMAGE=node:22-bookworm-slim

# Build: every dependency (build tools included), the build, then only the production dependencies are kept.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_audit=false npm_config_fund=false
# The manifests first: the install layer is reused until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# The app's workspaces only: the browser tests' Playwright and Lighthouse have no place in the image.
ARG WORKSPACES="-w @soulpunch/shared -w @soulpunch/server -w @soulpunch/web"
RUN --mount=type=cache,target=/root/.npm npm ci $WORKSPACES
COPY . .
RUN npm run build && npm prune --omit=dev $WORKSPACES
# What the runtime needs: the production node_modules (the workspaces' own ones too), the builds, the manifests.
RUN mkdir -p /out/apps/server /out/apps/web /out/packages \
  && cp -a package.json node_modules /out/ \
  && cp -a packages/shared /out/packages/ \
  && cp -a apps/server/package.json apps/server/dist /out/apps/server/ \
  && cp -a apps/web/package.json apps/web/dist apps/web/dist-ssr /out/apps/web/ \
  && for dir in apps/server apps/web; do if [ -d "$dir/node_modules" ]; then cp -a "$dir/node_modules" "/out/$dir/"; fi; done

# Runtime: no compiler, no sources, not root.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# glibc gives each thread that allocates (compression and file reads in libuv's pool, V8's helpers) an arena of its
# own, up to 8 per core, each keeping what it freed: with two the server held 5-35 MB less after the public loads
# (decision record 0028). Read by glibc as the process starts, so it cannot be set from the app itself.
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /out/ ./
# DATA_DIR keeps the embedded database (without DATABASE_URL), uploads (without S3_BUCKET) and the sealing key.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Answers 503 while the database is down or the process drains after SIGTERM (15 s at most: give it 30 to stop).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# node itself, not npm: the signals reach the server, which drains and closes the database (close-with-grace).
# V8's young generation at most 2 x 8 MB instead of 2 x 16 (less memory, the same requests per second), and no
# memory-reducing collections (after one, the public answers went out 12-15% slower for the rest of the process's
# life). The flags of `npm start`; decision record 0031.
CMD ["node", "--max-semi-space-size=8", "--no-memory-reducer", "--enable-source-maps", "apps/server/dist/server.js"]
