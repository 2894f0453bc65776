# syntax=docker/dockerfile:1
# Itinera in a container: the website built in a first stage, then an image with the production
# dependencies only, run as the unprivileged `node` user. docs/deploy.md says how to run it.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/client/package.json packages/client/
COPY packages/web/package.json packages/web/
RUN npm ci --ignore-scripts
COPY . .
RUN node scripts/build-web.ts

FROM node:24-bookworm-slim
# PostgreSQL's client programs, for `itinera backup` and `itinera restore` on PostgreSQL.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/itinera \
    DEMO_ACCOUNTS=never
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/client/package.json packages/client/
COPY packages/web/package.json packages/web/
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/bin bin
COPY --from=build /app/src src
COPY --from=build /app/packages/client packages/client
COPY --from=build /app/packages/web/dist packages/web/dist
RUN mkdir -p /var/lib/itinera && chown node:node /var/lib/itinera
USER node
VOLUME /var/lib/itinera
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "bin/itinera.js", "serve"]
