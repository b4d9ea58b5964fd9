# Production image: builds the web app and the server, then runs the compiled server only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY openapi/package.json openapi/
COPY server/package.json server/
COPY ui/package.json ui/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# A container is reached from outside it: listen on every interface, and never show the demo login
# (the server's own default is loopback, where demo mode is on; README.md, "Running in public", and docs/operations.md).
ENV NODE_ENV=production HOST=0.0.0.0 DEMO_MODE=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY openapi/package.json openapi/
COPY server/package.json server/
COPY ui/package.json ui/
COPY web/package.json web/
RUN npm ci --omit=dev --no-audit --no-fund -w server -w openapi --include-workspace-root=false
COPY --from=build /app/openapi ./openapi
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The compiled server reads the contract package from its compiled dist/ (openapi/package.json).
# The Node flags of server/package.json's start script (see docs/performance.md).
CMD ["node", "--max-semi-space-size=64", "--conditions=recipehub-compiled", "server/dist/main.js"]
