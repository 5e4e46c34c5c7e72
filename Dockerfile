# The site's production image (docs/deployment.md): the official Node 24 image on Debian slim.
# The build bakes the settings below into the prerendered pages, as `npm run build` does; the
# server refuses to serve them with other values, so each clinic builds its own image:
#   docker build --build-arg SITE_URL=https://clinic.example.in --build-arg BUSINESS_PHONE=… .
# (deploy/compose.yaml passes them from its env file). They stay the image's own settings, so
# the container needs only the rest: secrets, DATABASE_URL, SMTP_URL. Built by the classic
# builder as well as BuildKit, so nothing here is BuildKit's alone.

FROM node:24-bookworm-slim AS base
WORKDIR /app

# Every dependency, for the build. The package files alone, here and below: an install is made
# again only when they change, not at each change of a source file or a setting. No install
# scripts: the image's own Node runs everything (the `node` devDependency would fetch another
# copy). npm's cache is not kept: a third of the layer, which Docker would store for nothing.
FROM base AS dependencies
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund && npm cache clean --force

# The production dependencies alone. Without the optional ones: npm would keep the development
# tools that a dependency names as optional peers (Better Auth: Vitest, drizzle-kit), and the
# server needs no optional package.
FROM base AS production-dependencies
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
    && npm cache clean --force

# What a build bakes in (server/build-stamp.ts: the site's settings, the privacy periods, the
# fees); unset, the defaults of .env.example. tests/deploy/dockerfile.test.ts keeps this list.
# Written once for the build and the final image, which both start here: the build's settings are
# the server's, and an empty one means the default to both.
FROM base AS settings
ARG SITE_URL
ARG BUSINESS_NAME
ARG BUSINESS_PHONE
ARG BUSINESS_WHATSAPP
ARG BUSINESS_EMAIL
ARG BUSINESS_STREET
ARG BUSINESS_LOCALITY
ARG BUSINESS_REGION
ARG BUSINESS_POSTAL_CODE
ARG DATA_CONTACT_NAME
ARG DATA_CONTACT_EMAIL
ARG GA_MEASUREMENT_ID
ARG GA_MEASUREMENT_ID_SECONDARY
ARG ADS_CONVERSION_ID
ARG FEE_HOME_SESSION
ARG FEE_PACKAGE_SESSIONS
ARG FEE_PACKAGE_PRICE
ARG FEE_PACKAGE_DAYS
ARG RETENTION_MONTHS
ARG NEWSLETTER_PENDING_DAYS
ARG PRIVACY_DUE_DAYS
ENV SITE_URL=$SITE_URL \
    BUSINESS_NAME=$BUSINESS_NAME \
    BUSINESS_PHONE=$BUSINESS_PHONE \
    BUSINESS_WHATSAPP=$BUSINESS_WHATSAPP \
    BUSINESS_EMAIL=$BUSINESS_EMAIL \
    BUSINESS_STREET=$BUSINESS_STREET \
    BUSINESS_LOCALITY=$BUSINESS_LOCALITY \
    BUSINESS_REGION=$BUSINESS_REGION \
    BUSINESS_POSTAL_CODE=$BUSINESS_POSTAL_CODE \
    DATA_CONTACT_NAME=$DATA_CONTACT_NAME \
    DATA_CONTACT_EMAIL=$DATA_CONTACT_EMAIL \
    GA_MEASUREMENT_ID=$GA_MEASUREMENT_ID \
    GA_MEASUREMENT_ID_SECONDARY=$GA_MEASUREMENT_ID_SECONDARY \
    ADS_CONVERSION_ID=$ADS_CONVERSION_ID \
    FEE_HOME_SESSION=$FEE_HOME_SESSION \
    FEE_PACKAGE_SESSIONS=$FEE_PACKAGE_SESSIONS \
    FEE_PACKAGE_PRICE=$FEE_PACKAGE_PRICE \
    FEE_PACKAGE_DAYS=$FEE_PACKAGE_DAYS \
    RETENTION_MONTHS=$RETENTION_MONTHS \
    NEWSLETTER_PENDING_DAYS=$NEWSLETTER_PENDING_DAYS \
    PRIVACY_DUE_DAYS=$PRIVACY_DUE_DAYS

FROM settings AS build
COPY --from=dependencies /app/node_modules ./node_modules
COPY . .
RUN NODE_ENV=production npm run build

FROM settings
COPY package.json package-lock.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
# Node runs the TypeScript of the server and of the scripts (admin, db:backup, db:restore) as it
# is; the migrations are read from db/migrations. Owned by root: the server cannot change them.
COPY db ./db
COPY server ./server
COPY scripts ./scripts
COPY app ./app
COPY --from=build /app/build ./build
# The only folders the server writes, the node user's: the embedded database (PGlite), the
# e-mails written as files when there is no SMTP_URL, and the backups' and the outage alert's
# folders of deploy/compose.yaml (a volume mounted there starts with this owner). DATA_DIR is a
# volume: it outlives the container.
RUN mkdir /data /mail /backups /alert-state \
    && chown node:node /data /mail /backups /alert-state
ENV NODE_ENV=production DATA_DIR=/data MAIL_DIR=/mail PORT=3000
VOLUME /data
USER node
EXPOSE 3000
# Ready: the database answers and its migrations are current (a load balancer sends nothing to
# an instance that is not). Node itself asks, as the slim image has no curl: some 0.3 s of CPU a
# check, so every 30 s (Caddy checks /readyz itself, every 5 s: deploy/Caddyfile).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "scripts/container-health.ts"]
# Node is the container's first process: `docker stop`'s SIGTERM reaches the server itself,
# which stops taking requests, finishes those under way and closes the database (server/main.ts).
CMD ["node", "server/main.ts"]
