#!/usr/bin/env bash
# The entrypoint of home-physio-postgres (Dockerfile beside it), doing what the official image's
# does for deploy/compose.yaml:
# - `postgres …`, or arguments that begin with `-` (given to postgres), run the server; anything
#   else runs as it is (`psql`, `bash`);
# - started as root, it makes the data folder postgres' own and starts again as postgres;
# - on an empty data folder it makes the cluster: the superuser POSTGRES_USER (postgres) with the
#   password POSTGRES_PASSWORD, the database POSTGRES_DB (the user's name), then runs the *.sh,
#   *.sql and *.sql.gz files of /docker-entrypoint-initdb.d; a password is asked for on every TCP
#   connection (scram-sha-256; POSTGRES_HOST_AUTH_METHOD changes it), none on the local socket;
#   each setting may be read from a file instead (POSTGRES_PASSWORD_FILE, …);
# - then the server replaces this script: it is the container's first process, and Docker's stop
#   signal (SIGINT, a fast shutdown) reaches it.
set -Eeo pipefail

# VAR from $VAR, or from the file $VAR_FILE names, or the default $2.
file_env() {
  local var=$1 file_var="${1}_FILE" default=${2:-}
  if [[ -n ${!var:-} && -n ${!file_var:-} ]]; then
    printf >&2 'error: both %s and %s are set; set one of them\n' "$var" "$file_var"
    exit 1
  fi
  local value=$default
  if [[ -n ${!var:-} ]]; then
    value=${!var}
  elif [[ -n ${!file_var:-} ]]; then
    value=$(<"${!file_var}")
  fi
  export "$var"="$value"
  unset "$file_var"
}

# Whether the arguments only ask postgres about itself (--help, --version): nothing to set up.
wants_help() {
  local arg
  for arg; do
    case $arg in
      '-?' | --help | --describe-config | -V | --version) return 0 ;;
    esac
  done
  return 1
}

# psql on the local socket, as the superuser, stopping at the first error.
run_sql() {
  PGHOST='' PGHOSTADDR='' psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc \
    --dbname "${sql_database:-$POSTGRES_DB}" "$@"
}

initialize() {
  if [[ -z $POSTGRES_PASSWORD && $POSTGRES_HOST_AUTH_METHOD != trust ]]; then
    cat >&2 <<'EOF'
Error: the database is not made yet, and no password for its superuser is set.
       Set POSTGRES_PASSWORD (deploy/.env, for deploy/compose.yaml), or
       POSTGRES_HOST_AUTH_METHOD=trust to let anyone who reaches the port in without one (not
       recommended).
EOF
    exit 1
  fi
  # Unreadable: stop now rather than with a half-made database.
  ls /docker-entrypoint-initdb.d/ >/dev/null

  # The password through a pipe, never on a command line; initdb refuses an empty file.
  # shellcheck disable=SC2086 # POSTGRES_INITDB_ARGS is a list of arguments, split on spaces.
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
    --auth-local=trust --auth-host="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}" \
    $POSTGRES_INITDB_ARGS

  # TCP from anywhere, with the password (initdb's own lines cover the loopback addresses alone).
  printf '\nhost all all all %s\n' "${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}" >>"$PGDATA/pg_hba.conf"

  # A server on the local socket alone while the database is made and the scripts run.
  local server_args=("$@")
  [[ ${server_args[0]:-} != postgres ]] || server_args=("${server_args[@]:1}")
  export PGPASSWORD=${PGPASSWORD:-$POSTGRES_PASSWORD}
  PGUSER=${PGUSER:-$POSTGRES_USER} pg_ctl -D "$PGDATA" -w start \
    -o "$(printf '%q ' "${server_args[@]}" -c listen_addresses= -p "${PGPORT:-5432}")"

  if [[ -z $(sql_database=postgres run_sql --tuples-only --set db="$POSTGRES_DB" \
    <<<"SELECT 1 FROM pg_database WHERE datname = :'db'") ]]; then
    sql_database=postgres run_sql --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db"'
  fi
  local file
  shopt -s nullglob
  for file in /docker-entrypoint-initdb.d/*; do
    case $file in
      *.sh)
        printf '%s: running %s\n' "$0" "$file"
        if [[ -x $file ]]; then "$file"; else
          # shellcheck disable=SC1090 # The clinic's own script.
          . "$file"
        fi
        ;;
      *.sql) printf '%s: running %s\n' "$0" "$file" && run_sql -f "$file" ;;
      *.sql.gz) printf '%s: running %s\n' "$0" "$file" && gunzip -c "$file" | run_sql ;;
      *) printf '%s: ignoring %s\n' "$0" "$file" ;;
    esac
  done

  PGUSER=${PGUSER:-$POSTGRES_USER} pg_ctl -D "$PGDATA" -m fast -w stop
  unset PGPASSWORD
  printf '\nPostgreSQL init process complete; ready for start up.\n\n'
}

if [[ ${1:0:1} == - ]]; then set -- postgres "$@"; fi

if [[ $1 == postgres ]] && ! wants_help "$@"; then
  file_env POSTGRES_PASSWORD
  file_env POSTGRES_USER postgres
  file_env POSTGRES_DB "$POSTGRES_USER"
  file_env POSTGRES_INITDB_ARGS
  : "${POSTGRES_HOST_AUTH_METHOD:=}"

  mkdir -p "$PGDATA"
  chmod 0700 "$PGDATA" || :
  mkdir -p /var/run/postgresql || :
  chmod 03775 /var/run/postgresql || :
  if [[ $(id -u) == 0 ]]; then
    # A volume made by Docker is root's: postgres' own from now on. Then again as postgres.
    find "$PGDATA" /var/run/postgresql \! -user postgres -exec chown postgres:postgres '{}' +
    export HOME=/var/lib/postgresql
    exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
  fi

  if [[ -s $PGDATA/PG_VERSION ]]; then
    printf '\nPostgreSQL Database directory appears to contain a database; Skipping initialization\n\n'
  else
    initialize "$@"
  fi
fi

exec "$@"
