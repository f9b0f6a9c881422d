# Toolscope: collector (:4318) and dashboard (:3000) in one image.
# Expects an external Postgres through DATABASE_URL (see docker-compose.yml).
FROM node:20-bookworm-slim

WORKDIR /opt/toolscope
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    TOOLSCOPE_HOST=0.0.0.0 \
    TOOLSCOPE_HOME=/var/lib/toolscope

COPY package.json package-lock.json ./
COPY bin ./bin
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund

COPY . .
# Build the dashboard into the image so a container starts in seconds.
RUN node bin/prisma-generate.mjs && node bin/toolscope.mjs build

EXPOSE 4318 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:4318/readyz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "bin/toolscope.mjs", "start"]
