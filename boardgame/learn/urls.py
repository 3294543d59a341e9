from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="learn"),
    path("<str:ruleset>/glossary/", views.glossary_page, name="learn-glossary"),
    path("<str:ruleset>/<str:scenario>/", views.howto_page, name="learn-howto"),
]
