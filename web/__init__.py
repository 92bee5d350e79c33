"""Flask blueprints: thin views that validate input, call the rules database or the engine,
and render pages or JSON."""

from web.eclipse_combat.views import bp as eclipse_combat_bp
from web.eclipse_combat.views import jobs_bp as eclipse_jobs_bp
from web.core.health import bp as health_bp
from web.core.offline import bp as offline_bp
from web.core.openapi import bp as api_docs_bp
from web.reference.views import api_bp as api_sections_bp
from web.reference.views import bp as reference_bp
from web.reference.views import glossary_bp
from web.retreat.views import bp as retreat_bp
from web.retreat.views import api_bp as retreat_api_bp
from web.scoring.views import api_bp as scoring_api_bp
from web.scoring.views import bp as scoring_bp
from web.search.views import bp as search_bp
from web.small_combat.views import bp as small_combat_bp
from web.ti4_combat.views import bp as ti4_combat_bp
from web.core.tools import bp as tools_bp

# Every blueprint of the app, registered in this order by create_app().
BLUEPRINTS = [
    reference_bp,
    api_sections_bp,
    tools_bp,
    health_bp,
    api_docs_bp,
    retreat_bp,
    retreat_api_bp,
    small_combat_bp,
    ti4_combat_bp,
    scoring_api_bp,
    scoring_bp,
    eclipse_combat_bp,
    eclipse_jobs_bp,
    search_bp,
    glossary_bp,
    offline_bp,
]
