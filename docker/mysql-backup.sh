#!/usr/bin/env bash
# Backups of the compose stack's MySQL database; the `backup` service runs it (image mysql:8.4).
#
#   pilates-backup loop                  back up now, then every BACKUP_INTERVAL_HOURS (default 24)
#   pilates-backup once                  one backup now
#   pilates-backup restore FILE --yes    replace the database with FILE (stop the app first)
#   pilates-backup before-upgrade        one backup named <database>-before-upgrade-<stamp> (compose runs it
#                                        before the migrations of every `up`), never rotated away by `once`
#
# Off-site (when RESTIC_REPOSITORY is set): after each backup, the dump, its photos and the app's secrets
# (DATA_DIR/jwt-secret) go to the S3-compatible bucket with restic (encrypted with RESTIC_PASSWORD),
# in the layout `npm run backup:offsite` writes (so `npm run restore:offsite` and `npm run backup:drill`
# read them); then `restic forget --prune` with OFFSITE_KEEP_DAILY/WEEKLY/MONTHLY (7/4/12), and
# `restic check` every OFFSITE_CHECK_DAYS (7). The outcome goes to /app-data/status/offsite-backup.json,
# which the app reads (metrics, the owner's alerts).
#
# Files are /backups/<database>-<UTC stamp>.sql.gz, the names and format of `npm run backup`, so
# `npm run restore` takes them too; the newest BACKUP_KEEP (default 14) are kept. Beside each, the
# folder <name>.photos holds the app's DATA_DIR/photos (mounted at PHOTOS_DIR, default /app-data/photos).
# The password comes in MYSQL_PWD (read by the MySQL tools), never on a command line.
set -euo pipefail

db="${MYSQL_DATABASE:?MYSQL_DATABASE is not set}"
dir="${BACKUP_DIR:-/backups}"
keep="${BACKUP_KEEP:-14}"
photos="${PHOTOS_DIR:-/app-data/photos}"
conn=(--host="${DB_HOST:-mysql}" --port="${DB_PORT:-3306}" --user="${DB_USER:?DB_USER is not set}"
  --protocol=TCP --default-character-set=utf8mb4)

stamp() { date -u +%Y%m%dT%H%M%SZ; }

# copy_photos FROM TO: TO becomes a copy of the folder FROM (empty when FROM does not exist), whole or not at all.
copy_photos() {
  local from=$1 to=$2
  rm -rf "$to.partial"
  mkdir -p "$to.partial"
  if [[ -d "$from" ]]; then cp -a "$from/." "$to.partial/"; fi
  rm -rf "$to"
  mv "$to.partial" "$to"
}

# dump FILE: a consistent, gzip'd dump of the database (no CREATE DATABASE: restorable into any schema).
dump() {
  local file=$1 extra=()
  if [[ -e "$file" ]]; then
    echo "$file already exists; try again in a second" >&2
    return 1
  fi
  # Oracle's mysqldump would write GTID_PURGED, which a restore elsewhere cannot run; MariaDB's has no such option.
  if [[ "$(mysqldump --version)" != *MariaDB* ]]; then extra=(--set-gtid-purged=OFF); fi
  mkdir -p "$dir"
  if mysqldump "${conn[@]}" --single-transaction --routines --triggers --no-tablespaces --hex-blob "${extra[@]}" \
    "$db" | gzip >"$file.partial"; then
    mv "$file.partial" "$file"
  else
    rm -f "$file.partial"
    echo "Backup of $db FAILED" >&2
    return 1
  fi
}

iso_now() { date -u +%Y-%m-%dT%H:%M:%S.000Z; }

json_string() { if [[ -n "$1" ]]; then printf '"%s"' "$1"; else printf null; fi; }

# write_status ok|failed ERROR: /app-data/status/offsite-backup.json (read by the app), whole or not at all.
write_status() {
  local status_dir="${STATUS_DIR:-/app-data/status}" last_success last_check failure=null error=null
  mkdir -p "$status_dir" && chmod 755 "$status_dir"
  last_success=$(cat "$dir/.offsite-last-success" 2>/dev/null || true)
  last_check=$(cat "$dir/.offsite-last-check" 2>/dev/null || true)
  if [[ "$1" != ok ]]; then
    failure=$(json_string "$(iso_now)")
    error=$(json_string "$(printf '%s' "$2" | tr -d '"\\' | head -c 300)")
  fi
  printf '{"lastSuccessAt":%s,"lastCheckAt":%s,"lastFailureAt":%s,"lastError":%s}\n' \
    "$(json_string "$last_success")" "$(json_string "$last_check")" "$failure" "$error" \
    >"$status_dir/offsite-backup.json.partial"
  chmod 644 "$status_dir/offsite-backup.json.partial"
  mv "$status_dir/offsite-backup.json.partial" "$status_dir/offsite-backup.json"
}

# offsite FILE: FILE, its photos and the secrets to RESTIC_REPOSITORY; retention; the weekly check.
offsite() {
  local file=$1 stage="$dir/offsite-stage" now last_check secrets="${SECRETS_DIR:-/app-data}"
  [[ -n "${RESTIC_REPOSITORY:-}" ]] || return 0
  # Called as an `if` condition, where `set -e` does not apply: every step says `|| return 1`.
  rm -rf "$stage" && mkdir -p "$stage/secrets" && chmod 700 "$stage" || return 1
  cp "$file" "$stage/database.sql.gz" || return 1
  cp -a "${file%.sql.gz}.photos" "$stage/database.photos" || return 1
  if [[ -f "$secrets/jwt-secret" ]]; then cp "$secrets/jwt-secret" "$stage/secrets/" || return 1; fi
  restic cat config >/dev/null 2>&1 || restic init || return 1
  (cd "$stage" && restic backup --tag pilates --host pilates .) || return 1
  restic forget --prune --tag pilates --keep-daily "${OFFSITE_KEEP_DAILY:-7}" \
    --keep-weekly "${OFFSITE_KEEP_WEEKLY:-4}" --keep-monthly "${OFFSITE_KEEP_MONTHLY:-12}" || return 1
  now=$(date -u +%s)
  last_check=$(cat "$dir/.offsite-last-check-epoch" 2>/dev/null || echo 0)
  if ((now - last_check >= ${OFFSITE_CHECK_DAYS:-7} * 86400)); then
    restic check || return 1
    echo "$now" >"$dir/.offsite-last-check-epoch"
    iso_now >"$dir/.offsite-last-check"
  fi
  rm -rf "$stage"
  iso_now >"$dir/.offsite-last-success"
  echo "Off-site backup sent to $RESTIC_REPOSITORY"
}

backup_once() {
  local file
  file="$dir/$db-${1:-}$(stamp).sql.gz"
  dump "$file"
  echo "Backup written: $file ($(du -h "$file" | cut -f1))"
  # The photos after the dump: a photo it names was written before it (files are never changed).
  copy_photos "$photos" "${file%.sql.gz}.photos"
  echo "Photos copied: ${file%.sql.gz}.photos"
  if [[ -n "${RESTIC_REPOSITORY:-}" ]]; then
    if offsite "$file"; then write_status ok; else
      write_status failed "restic failed for $file"
      echo "Off-site backup FAILED" >&2
    fi
  fi
  [[ -z "${1:-}" ]] || return 0
  # Rotation: only regular backups of this database, oldest first (the glob sorts by name = by time).
  local backups=() name
  for name in "$dir/$db"-*.sql.gz; do
    [[ "$(basename "$name")" =~ ^.+-[0-9]{8}T[0-9]{6}Z\.sql\.gz$ && "$(basename "$name")" != *-before-restore-* &&
      "$(basename "$name")" != *-before-upgrade-* ]] &&
      backups+=("$name")
  done
  local excess=$((${#backups[@]} - keep)) i
  for ((i = 0; i < excess; i++)); do
    rm -f "${backups[i]}"
    rm -rf "${backups[i]%.sql.gz}.photos"
    echo "Removed old backup: ${backups[i]}"
  done
}

restore() {
  local file=${1:-} confirm=${2:-}
  [[ -n "$file" && -f "$file" ]] || { echo "usage: pilates-backup restore /backups/<file>.sql.gz --yes" >&2; exit 1; }
  gzip -t "$file" || { echo "$file is not a sound .gz file" >&2; exit 1; }
  [[ "$(gunzip -c "$file" | tail -c 200)" == *"-- Dump completed"* ]] ||
    { echo "$file is incomplete (no \"-- Dump completed\" at its end)" >&2; exit 1; }
  echo "Restore $file into $db. Stop the app first: every table of $db is dropped and reloaded."
  [[ "$confirm" == --yes ]] || { echo "Nothing changed: run again with --yes to go ahead." >&2; exit 1; }
  local saved tables
  saved="$dir/$db-before-restore-$(stamp).sql.gz"
  dump "$saved"
  copy_photos "$photos" "${saved%.sql.gz}.photos"
  echo "Current database saved to $saved"
  if [[ -d "${file%.sql.gz}.photos" ]]; then
    copy_photos "${file%.sql.gz}.photos" "$photos"
    echo "Photos restored from ${file%.sql.gz}.photos"
  else
    echo "No photos folder beside the backup: $photos is left as it is."
  fi
  tables=$(mysql "${conn[@]}" --batch --skip-column-names -e "SET SESSION group_concat_max_len = 1000000;
    SELECT GROUP_CONCAT(CONCAT('\`', REPLACE(table_name, '\`', '\`\`'), '\`')) FROM information_schema.tables
    WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'" "$db")
  {
    echo 'SET FOREIGN_KEY_CHECKS = 0;'
    [[ "$tables" == NULL || -z "$tables" ]] || echo "DROP TABLE IF EXISTS $tables;"
    echo 'SET FOREIGN_KEY_CHECKS = 1;'
    gunzip -c "$file"
  } | mysql "${conn[@]}" "$db"
  echo 'Restored. Start the app: it runs any newer migrations at start.'
}

case "${1:-}" in
  loop)
    trap 'exit 0' TERM INT
    while :; do
      backup_once || true
      sleep "$((${BACKUP_INTERVAL_HOURS:-24} * 3600))" &
      wait $!
    done
    ;;
  once) backup_once ;;
  before-upgrade) backup_once before-upgrade- ;;
  restore) restore "${2:-}" "${3:-}" ;;
  *)
    echo "usage: pilates-backup loop | once | before-upgrade | restore FILE --yes" >&2
    exit 1
    ;;
esac
