# The compose `backup` service: MySQL's client tools (mysqldump) and restic for the off-site copies.
FROM restic/restic:0.17.3 AS restic
FROM mysql:8.4
COPY --from=restic /usr/bin/restic /usr/local/bin/restic
