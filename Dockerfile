# One image for both roles (web and worker). Build: docker build -t pasta-shop .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
# The brand texts: every web process imports them at start (docs/content.md)
COPY --from=build /app/content ./content
USER node
EXPOSE 3000
# ROLE=web (default in compose for the web service) or ROLE=worker
CMD ["node", "dist/server/main.js"]
