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
# jemalloc as the memory allocator: its background thread hands back to the system, after a second, what the
# server's threads freed (V8's compilers of PGlite's WebAssembly at start, compression in libuv's pool), where
# glibc's arenas kept 60-90 MB of it for good (decision records 0028 and 0032). Read as the process starts, so it
# cannot be set from the app itself. The link gives the library one path on every architecture.
RUN apt-get update \
  && apt-get install -y --no-install-recommends libjemalloc2 \
  && rm -rf /var/lib/apt/lists/* \
  && ln -s "$(dpkg -L libjemalloc2 | grep '/libjemalloc.so.2$')" /usr/local/lib/libjemalloc.so.2
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2
ENV MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2
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
# life): decision record 0031. `gc` for the server's own collection once it is quiet (src/lib/quiet-collection.ts,
# decision record 0032). The flags of `npm start`.
CMD ["node", "--max-semi-space-size=8", "--no-memory-reducer", "--expose-gc", "--enable-source-maps", "apps/server/dist/server.js"]
